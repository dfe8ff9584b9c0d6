import { describe, expect, it } from 'vitest';
import { errorStatusesOf, withErrorAnswers } from './error-statuses';

const shape = {};

describe('errorStatusesOf', () => {
  it('gives a public read without parameters only the outage', () => {
    expect(errorStatusesOf({ method: 'GET', path: '/api/x', access: 'public' })).toEqual([503]);
  });

  it('adds 401 for a session, and 403 as well for a mentor’s call', () => {
    expect(errorStatusesOf({ method: 'GET', path: '/api/x', access: 'signed-in' })).toEqual([401, 503]);
    expect(errorStatusesOf({ method: 'GET', path: '/api/x', access: 'mentor' })).toEqual([401, 403, 503]);
  });

  it('adds 400 for a query, and 400 and 404 for path parameters', () => {
    expect(errorStatusesOf({ method: 'GET', path: '/api/x', access: 'public', query: shape })).toEqual([
      400, 503,
    ]);
    expect(errorStatusesOf({ method: 'GET', path: '/api/x/{id}', access: 'public', params: shape })).toEqual([
      400, 404, 503,
    ]);
  });

  it('gives every state change the body’s refusals, the cross-site 403 and the concurrent change’s 409', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(errorStatusesOf({ method, path: '/api/x', access: 'capability' })).toEqual([
        400, 403, 409, 413, 415, 503,
      ]);
    }
  });

  it('adds the refusals its row declares, once each', () => {
    expect(
      errorStatusesOf({
        method: 'POST',
        path: '/api/login',
        access: 'public',
        body: shape,
        refusals: [401, 429, 409],
      }),
    ).toEqual([400, 401, 403, 409, 413, 415, 429, 503]);
  });
});

describe('withErrorAnswers', () => {
  it('declares each row’s statuses with the error schema, keeps the success answer and leaves unknown operations', () => {
    const document = {
      paths: {
        '/api/x/{id}': { get: { responses: { 200: { description: 'ok' } } } },
        '/api/other': { get: { responses: { 200: { description: 'ok' } } } },
      },
    };
    const answered = withErrorAnswers(document, [
      { method: 'GET', path: '/api/x/{id}', access: 'signed-in', params: shape },
    ]);
    const responses = answered.paths['/api/x/{id}'].get.responses as Record<string, { content?: object }>;
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '404', '503']);
    expect(responses[401]?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
    });
    expect(Object.keys(answered.paths['/api/other'].get.responses)).toEqual(['200']);
    expect(answered).toHaveProperty('components.schemas.ErrorBody.required', ['message', 'code']);
  });
});

describe('withErrorAnswers on ids and links', () => {
  it('names each operation by its row’s id and links its success answer to the documented calls it leads to', () => {
    const ok = () => ({ responses: { 201: { description: 'ok' } } });
    const document = { paths: { '/api/x': { post: ok() }, '/api/x/{id}': { put: ok() } } };
    const answered = withErrorAnswers(document, [
      {
        id: 'makeX',
        method: 'POST',
        path: '/api/x',
        access: 'signed-in',
        links: { editX: { id: '$response.body#/id' }, notServed: { id: '$response.body#/id' } },
      },
      { id: 'editX', method: 'PUT', path: '/api/x/{id}', access: 'signed-in', params: shape },
    ]);
    const made = answered.paths['/api/x'].post as { operationId?: string; responses: Record<string, object> };
    expect(made.operationId).toBe('makeX');
    expect(made.responses[201]).toEqual({
      description: 'ok',
      links: { editX: { operationId: 'editX', parameters: { id: '$response.body#/id' } } },
    });
    expect(answered.paths['/api/x/{id}'].put.responses[201]).toEqual({ description: 'ok' });
  });
});
