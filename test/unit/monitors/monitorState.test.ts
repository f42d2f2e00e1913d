import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Monitor } from '../../../src/core/api/schemas';
import { monitorState } from '../../../src/core/monitors/monitorState';

const monitor = (over: Partial<Monitor>): Monitor => ({ id: 'mon_1', name: 'm', type: 'Threshold', ...over });

describe('monitor text', () => {
  it('snoozed only while disabledUntil is ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(monitorState(monitor({ disabledUntil: '2026-01-02T00:00:00Z' }), now).kind, 'snoozed');
    assert.equal(monitorState(monitor({ disabledUntil: '2025-12-31T00:00:00Z' }), now).kind, 'active');
    assert.equal(monitorState(monitor({ disabled: true, disabledUntil: undefined }), now).kind, 'disabled');
  });
});
