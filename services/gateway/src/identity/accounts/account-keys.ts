/** The form of an e-mail address under which uniqueness and login are checked (case-insensitive). */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** The form of a username under which uniqueness is checked (case-insensitive). */
export const usernameKey = (username: string) => username.trim().normalize('NFC').toLowerCase();
