// Where an offset of a text stands as a person reads it: 1-based line and column (columns in
// UTF-16 code units, as editors count them), for the problems the checks report by offset.
import { aplWork } from './aplWork';

/** 1-based line and column of offsets in one text, as a person reads them, for many offsets: the
 *  lines' starts are found once, on the first question; from one offset to a later one the line is
 *  walked forward, else searched by halves, so that the offsets of a file's problems in order cost
 *  the text's length once, not once per problem. */
export function lineLocator(text: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  let last = 0;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      aplWork.lineSteps += starts.length;
    }
    // The line of `offset`: the last one that starts at or before it (a line break ends its own line).
    let line = last;
    if (starts[line] <= offset) {
      while (line + 1 < starts.length && starts[line + 1] <= offset) {
        line++;
        aplWork.lineSteps++;
      }
    } else {
      let low = 0;
      let high = line;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle] <= offset) low = middle;
        else high = middle - 1;
        aplWork.lineSteps++;
      }
      line = low;
    }
    last = line;
    return { line: line + 1, column: offset - starts[line] + 1 };
  };
}

/** 1-based line and column of an offset, as a person reads them. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
