// The demo's annotations: valid as the service would take them, two deploys just before the first
// two outages the dry run of "Traffic drop" finds, and an incident band over the third.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { annotationProblems, NEW_ANNOTATION_REQUIRED } from '../../../src/core/api/annotations';
import { annotationBodyProblem } from '../../support/fakeAxiom';
import { demoAnnotations, trafficDips } from '../../support/demo';

describe('the demo’s annotations', () => {
  it('mark the outages: deploys minutes before two, a band over the third, all valid', () => {
    const now = Date.parse('2026-03-01T12:02:00Z');
    const annotations = demoAnnotations(now);
    const dips = trafficDips(now);
    for (const annotation of annotations) {
      const { id: _id, ...body } = annotation;
      assert.deepEqual(annotationProblems(body, NEW_ANNOTATION_REQUIRED), [], String(annotation.id));
      assert.equal(annotationBodyProblem(body, true), undefined);
    }
    const deploys = annotations.filter((a) => a.type === 'deploy');
    assert.equal(deploys.length, 2);
    deploys.forEach((deploy, i) => {
      const before = dips[i].start - Date.parse(String(deploy.time));
      assert.ok(before > 0 && before <= 5 * 60_000, `deploy ${i} shortly before outage ${i}`);
    });
    const [band] = annotations.filter((a) => a.endTime !== undefined);
    assert.equal(Date.parse(String(band.time)), dips[2].start);
    assert.equal(Date.parse(String(band.endTime)), dips[2].end);
  });
});
