// A dataset's row in the Datasets view: what its fields' rows and the metrics browser's rows hang
// under (apart from the view, so that the browser names its parent without importing the view).
import type { Dataset } from '../core/datasets/datasets';

export interface DatasetRow {
  kind: 'dataset';
  dataset: Dataset;
  /** How its fields' tree item ids begin (fieldIdStart): made once, not for each of thousands of fields. */
  fieldIds: string;
}
