// SYNTAX TEST "source.axiom-apl" "let statements: values, tabular values, functions"
let threshold = 500;
// <--- storage.type.let.axiom-apl
//  ^^^^^^^^^ entity.name.variable.axiom-apl
//            ^ keyword.operator.assignment.axiom-apl
//              ^^^ constant.numeric.integer.axiom-apl
//                 ^ punctuation.terminator.statement.axiom-apl
let window = 1h;
//  ^^^^^^ entity.name.variable.axiom-apl
//           ^^ constant.numeric.timespan.axiom-apl
let errors = ['http-logs'] | where status >= threshold;
//  ^^^^^^ entity.name.variable.axiom-apl
//             ^^^^^^^^^ entity.name.type.dataset.axiom-apl
//                         ^ keyword.operator.pipe.axiom-apl
//                           ^^^^^ keyword.other.operator.tabular.axiom-apl
//                                           ^^^^^^^^^ variable.other.axiom-apl
let twice = (x:long, label:string) { x * 2 };
//  ^^^^^ entity.name.function.axiom-apl
//           ^ variable.parameter.axiom-apl
//             ^^^^ storage.type.axiom-apl
//                   ^^^^^ variable.parameter.axiom-apl
//                         ^^^^^^ storage.type.axiom-apl
//                                 ^ punctuation.section.braces.begin.axiom-apl
//                                         ^ punctuation.section.braces.end.axiom-apl
set stricttypes;
// <--- keyword.other.set.axiom-apl
//  ^^^^^^^^^^^ variable.other.option.axiom-apl
errors
// <------ entity.name.type.dataset.axiom-apl
| extend d = twice(status)
//           ^^^^^ entity.name.function.axiom-apl
