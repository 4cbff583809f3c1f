/** Search everywhere's limits and record paths (zod-free: the shell's search panel needs them). */

/** The longest text searched. */
export const SEARCH_MAX_LENGTH = 64;
/** At most this many hits per group (the menu, each resource). */
export const SEARCH_GROUP_SIZE = 5;

/** A screen at one of its records, as search results open it: `<menu path>/<record id>`. */
export const recordPath = (menuPath: string, id: string) => `${menuPath}/${id}`;
