// SYNTAX TEST "source.axiom-mpl" "MPL: functions, values, regexes, compute, extend, and what MPL refuses"
| map fill::const(0)
//    ^^^^ support.function.namespace.axiom-mpl
//          ^^^^^ support.function.axiom-mpl
//               ^ punctuation.section.parens.begin.axiom-mpl
//                ^ constant.numeric.axiom-mpl
| map * 100
//    ^ keyword.operator.arithmetic.axiom-mpl
//      ^^^ constant.numeric.axiom-mpl
| where service == #/checkout|payment/ and host is string
//                 ^^ punctuation.definition.string.regexp.begin.axiom-mpl
//                   ^^^^^^^^^^^^^^^^ string.regexp.axiom-mpl
//                                   ^ punctuation.definition.string.regexp.end.axiom-mpl
//                                              ^^ keyword.other.clause.axiom-mpl
//                                                 ^^^^^^ storage.type.axiom-mpl
| bucket by service, endpoint to 5m using interpolate_cumulative_histogram(rate, 0.50, 0.99)
//^^^^^^ keyword.other.operation.axiom-mpl
//       ^^ keyword.other.clause.axiom-mpl
//                 ^ punctuation.separator.comma.axiom-mpl
//                               ^^ constant.numeric.duration.axiom-mpl
//                                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ support.function.axiom-mpl
//                                                                         ^^^^ support.function.axiom-mpl
//                                                                                     ^^^^ constant.numeric.axiom-mpl
| extend url = "http://${host}:${port}", ok = true
//           ^ keyword.operator.assignment.axiom-mpl
//             ^^^^^^^^^^^^^^^^^^^^^^^^ string.quoted.double.axiom-mpl
//                     ^^ punctuation.section.interpolation.begin.axiom-mpl
//                       ^^^^ variable.other.tag.axiom-mpl
//                                            ^^^^ constant.language.boolean.axiom-mpl
| compute error_rate using /
//^^^^^^^ keyword.other.operation.axiom-mpl
//                         ^ keyword.operator.arithmetic.axiom-mpl
| where a =~ 'x'
//        ^^ invalid.illegal.operator.axiom-mpl
//           ^^^ invalid.illegal.string.single-quoted.axiom-mpl
