// The notebook renderer's side of its links to places in code: the extension answers a link's hover
// with where its file is in the workspace, and each output drawn on the page that links there says so.
import { readPlaceResolved } from '../../core/notebook/notebookOutput';
import type { Panel } from '../shared/panel';

/** The results drawn on the page, by output item: where the extension says a linked place is, the
 *  hover of each link to it says so (a message read as data; one for another page is ignored). */
export class LinkedOutputs {
  private readonly panels = new Map<string, Panel>();

  set(id: string, panel: Panel | undefined): void {
    if (panel) this.panels.set(id, panel);
    else this.panels.delete(id);
  }

  /** An output item gone (undefined: every one of the page). */
  delete(id: string | undefined): void {
    if (id === undefined) this.panels.clear();
    else this.panels.delete(id);
  }

  receive(message: unknown): void {
    const resolved = readPlaceResolved(message);
    if (resolved) for (const panel of this.panels.values()) panel.receive(resolved);
  }
}
