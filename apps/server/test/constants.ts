/** The administrator password every test database is seeded with. */
export const ADMIN_PASSWORD = 'admin123';
