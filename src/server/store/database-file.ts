/** The store's file in a data directory (a module of its own: TAB completion needs the name, not the store). */
export const DATABASE_FILE = 'rentsurvey.db';
