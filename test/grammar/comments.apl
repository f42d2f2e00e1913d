// SYNTAX TEST "source.axiom-apl" "comments: whole lines, after code, and not inside strings"
// a comment line
// <-- comment.line.double-slash.axiom-apl punctuation.definition.comment.axiom-apl
//   ^^^^^^^ comment.line.double-slash.axiom-apl
['logs'] // the dataset
//       ^^ comment.line.double-slash.axiom-apl punctuation.definition.comment.axiom-apl
//              ^^^^^^^ comment.line.double-slash.axiom-apl
| where msg == "http://example.com" // a URL is a string, this is a comment
//              ^^^^^^^^^^^^^^^^^^ string.quoted.double.axiom-apl
//                                  ^^ comment.line.double-slash.axiom-apl punctuation.definition.comment.axiom-apl
//                                       ^^^ comment.line.double-slash.axiom-apl
// | where x == 1   a commented-out pipe stays a comment
// ^ comment.line.double-slash.axiom-apl
//   ^^^^^ comment.line.double-slash.axiom-apl
| take 10
// <~~---- keyword.other.operator.tabular.axiom-apl
