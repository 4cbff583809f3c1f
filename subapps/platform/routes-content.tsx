import type { RouteTable } from '../kit/routing';
import { AlarmAdmin } from './content/AlarmAdmin';
import { CourseAdmin } from './content/CourseAdmin';
import { FeedbackAdmin } from './content/FeedbackAdmin';
import { HelpDocAdmin } from './content/HelpDocAdmin';
import { NoticeAdmin } from './content/NoticeAdmin';

/** Screens of notices, alarms, feedback, help and SOP documents, courses (issue 9). */
export const CONTENT_ROUTES: RouteTable = {
  '/system/notice': NoticeAdmin,
  '/system/alarm': AlarmAdmin,
  '/system/feedback': FeedbackAdmin,
  '/system/help-doc': HelpDocAdmin,
  '/system/course': CourseAdmin,
};
