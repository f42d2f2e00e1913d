// SYNTAX TEST "source.axiom-apl" "comparison, arithmetic, assignment and the pipe"
['logs']
| where a == 1 and b != 2 and c <> 3 and d < 4 and e <= 5 and f > 6 and g >= 7 and h =~ 'x' and i !~ 'y'
//        ^^ keyword.operator.comparison.axiom-apl
//                   ^^ keyword.operator.comparison.axiom-apl
//                              ^^ keyword.operator.comparison.axiom-apl
//                              ^ keyword.operator.comparison.axiom-apl
//                                                   ^^ keyword.operator.comparison.axiom-apl
//                                                              ^ keyword.operator.comparison.axiom-apl
//                                                                        ^^ keyword.operator.comparison.axiom-apl
//                                                                                   ^^ keyword.operator.comparison.axiom-apl
//                                                                                                ^^ keyword.operator.comparison.axiom-apl
| extend s = a + b - c * d / e % f
// <- keyword.operator.pipe.axiom-apl
//         ^ keyword.operator.assignment.axiom-apl
//             ^ keyword.operator.arithmetic.axiom-apl
//                 ^ keyword.operator.arithmetic.axiom-apl
//                     ^ keyword.operator.arithmetic.axiom-apl
//                         ^ keyword.operator.arithmetic.axiom-apl
//                             ^ keyword.operator.arithmetic.axiom-apl
| project s, t = (a + 1) * 2;
//         ^ punctuation.separator.comma.axiom-apl
//               ^ punctuation.section.parens.begin.axiom-apl
//                     ^ punctuation.section.parens.end.axiom-apl
//                          ^ punctuation.terminator.statement.axiom-apl
