import { describe, expect, it } from 'vitest';
import { renderGate } from '../../../../src/features/render-editor/render-gate';
import { toPlanState } from '../../../../src/features/session/plan-state';

const plan = (viz_credits: number) => toPlanState({ plan: 'free_tier', viz_credits }, 0);

describe('the render gate', () => {
  it('asks a signed-out visitor to log in', () => {
    expect(renderGate('signed-out', null)).toBe('sign-in');
  });
  it('waits while the session or plan is not known', () => {
    expect(renderGate('unchecked', null)).toBe('checking');
    expect(renderGate('signed-in', null)).toBe('checking');
  });
  it('refuses with no credits left, before anything is queued', () => {
    expect(renderGate('signed-in', plan(0))).toBe('no-credits');
  });
  it('lets a user with credits, or unlimited ones (-1), render', () => {
    expect(renderGate('signed-in', plan(3))).toBe('ok');
    expect(renderGate('signed-in', plan(-1))).toBe('ok');
  });
});
