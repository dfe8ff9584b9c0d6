import { api } from '@yoman/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/renderInShell';
import { createStore, requestSession } from './store';

const student = { id: 'u1', email: 'noa@example.com', name: 'נועה כהן', role: 'student', orgId: 'o1' };

describe('requestSession', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('given a new store, when the session is requested, then GET /api/user leaves once and its answer is cached for the screens', async () => {
    const fetch = vi.fn(fakeApi({ '/api/user': { status: 200, body: student } }));
    vi.stubGlobal('fetch', fetch);
    const store = createStore();

    requestSession(store);
    await vi.waitFor(() => expect(api.endpoints.getUser.select()(store.getState()).status).toBe('fulfilled'));

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(api.endpoints.getUser.select()(store.getState()).data).toEqual(student);
  });

  it('given the session already requested, when a screen subscribes to it, then no second request leaves', async () => {
    const fetch = vi.fn(fakeApi({ '/api/user': { status: 401, body: { message: 'לא מחובר' } } }));
    vi.stubGlobal('fetch', fetch);
    const store = createStore();
    requestSession(store);

    const subscription = store.dispatch(api.endpoints.getUser.initiate());
    const answer = await subscription;
    subscription.unsubscribe();

    expect(answer.data).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
