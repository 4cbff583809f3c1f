import { lazy } from 'react';
import type { RouteTable } from '../kit/routing';

// Each screen loads when it is opened: the app's first page does not wait for the others.
const AlarmAdmin = lazy(() => import('./content/AlarmAdmin').then((m) => ({ default: m.AlarmAdmin })));
const CourseAdmin = lazy(() => import('./content/CourseAdmin').then((m) => ({ default: m.CourseAdmin })));
const FeedbackAdmin = lazy(() => import('./content/FeedbackAdmin').then((m) => ({ default: m.FeedbackAdmin })));
const HelpDocAdmin = lazy(() => import('./content/HelpDocAdmin').then((m) => ({ default: m.HelpDocAdmin })));
const NoticeAdmin = lazy(() => import('./content/NoticeAdmin').then((m) => ({ default: m.NoticeAdmin })));

/** Screens of notices, alarms, feedback, help and SOP documents, courses (issue 9). */
export const CONTENT_ROUTES: RouteTable = {
  '/system/notice': NoticeAdmin,
  '/system/alarm': AlarmAdmin,
  '/system/feedback': FeedbackAdmin,
  '/system/help-doc': HelpDocAdmin,
  '/system/course': CourseAdmin,
};
