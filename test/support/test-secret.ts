/** The app secret of every test app; the seeded template encrypts the demo's single sign-on secret with it. */
export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123456789';
