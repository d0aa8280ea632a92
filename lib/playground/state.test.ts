import { describe, expect, it } from 'vitest';
import type { ContractOperation } from '../contract/operation-contract';
import type { PlaygroundAnswer } from './response';
import { initialPlaygroundState, noAnswer, playgroundReducer, sendProblem, type PlaygroundState } from './state';

const operation: ContractOperation = {
  operationId: 'addLocation',
  method: 'post',
  path: '/users/{userId}/locations',
  tag: 'Locations',
  summary: 'Add a location',
  deprecated: false,
  apiKeyHeader: 'x-api-key',
  parameters: [
    { name: 'userId', in: 'path', required: true, schema: { type: 'string' }, example: 'user-1', type: 'string' },
  ],
  requestBody: { required: true, contentType: 'application/json', example: '{ "name": "Cabin" }' },
  responses: [],
};
const other: ContractOperation = { ...operation, operationId: 'getLocations', method: 'get', requestBody: undefined };
const answer: PlaygroundAnswer = {
  status: 200,
  statusText: 'OK',
  timeMs: 3,
  headers: [],
  body: '{}',
  isJson: true,
  fromSandbox: true,
};

const start = (): PlaygroundState =>
  initialPlaygroundState({
    operationId: 'addLocation',
    target: 'sandbox',
    draft: { values: { 'path:userId': 'me' }, body: '{}' },
  });

describe('the API playground state', () => {
  it('starts from a link, naming an operation the link asked for that does not exist', () => {
    expect(start()).toMatchObject({ operationId: 'addLocation', sending: false, notice: '' });
    const unknown = initialPlaygroundState({ ...start(), unknownOperation: 'nope' });
    expect(unknown.notice).toBe('There is no operation "nope"; showing addLocation.');
  });

  it('choosing an operation starts its form from the contract’s examples, and forgets the last answer', () => {
    const answered = playgroundReducer(
      { ...start(), answer, notice: 'Link copied' },
      { type: 'choose', operation: other },
    );
    expect(answered).toMatchObject({
      operationId: 'getLocations',
      draft: { values: { 'path:userId': 'user-1' }, body: '' },
      notice: '',
    });
    expect(answered.answer).toBeUndefined();
  });

  it('Example puts the contract’s body back and keeps the parameters', () => {
    const state = playgroundReducer(start(), { type: 'resetBody', operation });
    expect(state.draft).toEqual({ values: { 'path:userId': 'me' }, body: '{ "name": "Cabin" }' });
  });

  it('a send goes sending, answered (a stream answer by answer), then sent; a failure takes the answer’s place', () => {
    let state = playgroundReducer({ ...start(), failure: { message: 'old' } }, { type: 'sending' });
    expect(state).toMatchObject({ sending: true, failure: undefined });
    state = playgroundReducer(state, { type: 'answer', answer: { ...answer, stream: { items: ['1'], open: true } } });
    state = playgroundReducer(state, {
      type: 'answer',
      answer: { ...answer, stream: { items: ['1', '2'], open: false } },
    });
    expect(state.answer?.stream?.items).toEqual(['1', '2']);
    state = playgroundReducer(state, { type: 'failed', failure: { message: 'no answer' } });
    expect(state.answer).toBeUndefined();
    expect(playgroundReducer(state, { type: 'sent' }).sending).toBe(false);
  });

  it('Stop keeps what arrived of a stream, marked stopped, and says so', () => {
    const streaming = { ...start(), sending: true, answer: { ...answer, stream: { items: ['1'], open: true } } };
    const stopped = playgroundReducer(streaming, { type: 'stopped' });
    expect(stopped.answer?.stream).toEqual({ items: ['1'], open: false, stopped: true });
    expect(stopped.notice).toBe('Stopped: the request was cancelled.');
  });

  it('a link followed while open replaces the request and the answer, and Reset sandbox says so', () => {
    const opened = playgroundReducer(
      { ...start(), answer },
      { type: 'open', link: { operationId: 'getLocations', target: 'live', draft: { values: {}, body: '' } } },
    );
    expect(opened).toMatchObject({ operationId: 'getLocations', target: 'live', answer: undefined });
    expect(playgroundReducer({ ...start(), answer }, { type: 'sandboxReset' })).toMatchObject({
      answer: undefined,
      notice: "The sandbox is reset: it holds only the contract's example data again.",
    });
  });

  it('holds back a live request without a key, and a path value that would change the path', () => {
    expect(sendProblem(operation, { target: 'live', draft: start().draft }, ' ')).toEqual({
      key: 'Enter your API key to call the live API.',
    });
    expect(sendProblem(operation, { target: 'sandbox', draft: start().draft }, '')).toBeUndefined();
    expect(
      sendProblem(operation, { target: 'sandbox', draft: { values: { 'path:userId': '..' }, body: '' } }, ''),
    ).toEqual({
      notice: 'Not sent: userId cannot be "..": it would change the path.',
    });
  });

  it('says why there is no answer: the live API names its host and offers curl, the sandbox its reason', () => {
    expect(noAnswer('live', 'https://api.kilowise.io', 'Failed to fetch', 'curl …')).toMatchObject({
      message: expect.stringContaining('no answer from api.kilowise.io (Failed to fetch)'),
      curl: 'curl …',
    });
    expect(noAnswer('sandbox', 'https://api.kilowise.io', 'boom', undefined)).toEqual({
      message: 'The sandbox could not answer: boom',
    });
  });
});
