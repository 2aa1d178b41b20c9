import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { IMAGES, uploadPicture } from './profile.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profile limits', () => {
  it('takes at most 20 pictures an hour from one person (each is decoded and re-encoded)', async () => {
    const me = await registerUser(t.app);
    for (let i = 0; i < 20; i += 1) {
      const res = await uploadPicture(t.app, me, { data: IMAGES.png, filename: 'me.png', contentType: 'image/png' });
      expect(res.statusCode).toBe(200);
    }
    const refused = await uploadPicture(t.app, me, { data: IMAGES.png, filename: 'me.png', contentType: 'image/png' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // Somebody else is not held to my budget.
    const other = await registerUser(t.app);
    const theirs = await uploadPicture(t.app, other, { data: IMAGES.png, filename: 'a.png', contentType: 'image/png' });
    expect(theirs.statusCode).toBe(200);
  });
});
