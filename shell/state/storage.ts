/** Every key the shell stores starts with this product prefix (SPEC §9). */
export const STORAGE_PREFIX = 'mes-portal:';
export const storageKey = (name: string) => STORAGE_PREFIX + name;
