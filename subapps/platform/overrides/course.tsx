import type { ResourceOverrides } from '../../kit/engine/types';

/** Courses: each link opens in a new tab; a new course goes after the last one. */
export const courseOverrides: ResourceOverrides = {
  cells: {
    url: (v) => (
      <a href={String(v ?? '')} target="_blank" rel="noopener noreferrer">
        {String(v ?? '')}
      </a>
    ),
  },
  newRecord: ({ records }) => ({ url: 'https://', sort: records.length + 1 }),
};
