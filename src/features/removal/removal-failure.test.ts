import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { removalOutcome } from './removal-failure';

function answered(status: number, message: string): ApiError {
  return new ApiError('http', message, { status, body: { status: String(status), message } });
}

const SENT = ['t1', 't10', 'not'];

describe('removalOutcome', () => {
  it("tells the reference server's two 404s apart", () => {
    expect(removalOutcome(answered(404, 'Student not found'), SENT)).toEqual({
      kind: 'student-not-found',
    });
    expect(removalOutcome(answered(404, 'No class with id t10, not'), SENT)).toEqual({
      kind: 'unknown-turmas',
      ids: ['t10', 'not'],
    });
  });

  it('reads other wordings of the same two answers', () => {
    expect(removalOutcome(answered(404, 'Student with e-mail x@y.z was not found.'), SENT)).toEqual(
      { kind: 'student-not-found' },
    );
    expect(removalOutcome(answered(404, 'Unknown classes: "t1".'), SENT)).toEqual({
      kind: 'unknown-turmas',
      ids: ['t1'],
    });
  });

  it('takes a 404 that says neither for a plain refusal, never for "no such student"', () => {
    expect(
      removalOutcome(answered(404, 'No route DELETE /v1/classe/remove-student'), SENT),
    ).toEqual({ kind: 'rejected' });
    expect(removalOutcome(answered(404, 'No class with id t2'), SENT)).toEqual({
      kind: 'rejected',
    });
  });

  it('knows which failures leave the outcome unknown', () => {
    const unknown = { kind: 'unknown-outcome' };
    expect(removalOutcome(new ApiError('network', 'offline'), SENT)).toEqual(unknown);
    expect(removalOutcome(new ApiError('timeout', 'slow'), SENT)).toEqual(unknown);
    expect(removalOutcome(answered(502, 'Bad gateway'), SENT)).toEqual(unknown);
    // The console's one retry policy (ApiError.isTransient): a 429 may pass, so it offers again.
    expect(removalOutcome(answered(429, 'Too many requests'), SENT)).toEqual(unknown);
    expect(removalOutcome(new ApiError('contract', 'not JSON', { status: 200 }), SENT)).toEqual(
      unknown,
    );
    expect(removalOutcome(new TypeError('boom'), SENT)).toEqual(unknown);
  });

  it('says nothing changed for refusals', () => {
    expect(removalOutcome(answered(401, 'Invalid or expired token'), SENT)).toEqual({
      kind: 'session-expired',
    });
    expect(removalOutcome(answered(400, 'email: must be a valid e-mail'), SENT)).toEqual({
      kind: 'rejected',
    });
    expect(removalOutcome(answered(413, 'too large'), SENT)).toEqual({ kind: 'rejected' });
  });
});
