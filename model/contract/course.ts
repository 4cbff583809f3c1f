/** Help courses (SPEC §7 `course/list`): listed for every user, edited by administrators. */
import { z } from 'zod';
import { CourseItem, courseInput } from '../course';
import { IdParams, Nothing } from './common';
import { endpoint, json } from './endpoint';

const tag = 'course';
const PERM = 'system:course';

export const course = {
  list: endpoint({
    method: 'GET',
    path: '/platform-system/course/list',
    operationId: 'listCourses',
    tag,
    auth: 'bearer',
    permission: null,
    summary: "The tenant's help courses in display order",
    answer: json(z.object({ records: z.array(CourseItem) })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/platform-system/course',
    operationId: 'createCourse',
    tag,
    auth: 'bearer',
    permission: `${PERM}:add`,
    summary: 'Adds a help course',
    body: courseInput,
    answer: json(CourseItem),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/platform-system/course/:id',
    operationId: 'updateCourse',
    tag,
    auth: 'bearer',
    permission: `${PERM}:edit`,
    summary: 'Edits a help course',
    description: 'The whole course, as on create.',
    params: IdParams,
    body: courseInput,
    answer: json(CourseItem),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/platform-system/course/:id',
    operationId: 'deleteCourse',
    tag,
    auth: 'bearer',
    permission: `${PERM}:delete`,
    summary: 'Deletes a help course',
    params: IdParams,
    answer: json(Nothing),
  }),
};
