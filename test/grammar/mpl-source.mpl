// SYNTAX TEST "source.axiom-mpl" "MPL: a directive, the source with its range and alias, and the stages after pipes"
set custom_unit = "ms";
// <--- keyword.other.set.axiom-mpl
//  ^^^^^^^^^^^ variable.other.option.axiom-mpl
//                ^^^^ string.quoted.double.axiom-mpl
//                    ^ punctuation.terminator.statement.axiom-mpl
`otel-demo-metrics`:`go.memory.used`[2025-03-01T13:00:00Z..+1h] as mem_usage
// <- punctuation.definition.dataset.begin.axiom-mpl
// <~----------------- entity.name.type.dataset.axiom-mpl
//                 ^ punctuation.separator.colon.axiom-mpl
//                   ^^^^^^^^^^^^^^ entity.name.type.metric.axiom-mpl
//                                  ^ punctuation.section.brackets.begin.axiom-mpl
//                                   ^^^^^^^^^^^^^^^^^^^^ constant.other.datetime.axiom-mpl
//                                                       ^^ keyword.operator.range.axiom-mpl
//                                                          ^^ constant.numeric.duration.axiom-mpl
//                                                              ^^ keyword.other.clause.axiom-mpl
| where `k8s.deployment.name` == "checkout" and not status_code >= 500
// <- keyword.operator.pipe.axiom-mpl
//^^^^^ keyword.other.operation.axiom-mpl
//       ^^^^^^^^^^^^^^^^^^^ variable.other.tag.axiom-mpl
//                            ^^ keyword.operator.comparison.axiom-mpl
//                                          ^^^ keyword.operator.logical.axiom-mpl
//                                              ^^^ keyword.operator.logical.axiom-mpl
//                                                                 ^^^ constant.numeric.axiom-mpl
| align to $__interval using prom::rate // a comment
//^^^^^ keyword.other.operation.axiom-mpl
//      ^^ keyword.other.clause.axiom-mpl
//         ^^^^^^^^^^^ variable.language.axiom-mpl
//                     ^^^^^ keyword.other.clause.axiom-mpl
//                           ^^^^ support.function.namespace.axiom-mpl
//                               ^^ punctuation.separator.namespace.axiom-mpl
//                                 ^^^^ support.function.axiom-mpl
//                                      ^^^^^^^^^^^^ comment.line.double-slash.axiom-mpl
metrics:http_latency[1h..]
// <------- entity.name.type.dataset.axiom-mpl
//      ^^^^^^^^^^^^ entity.name.type.metric.axiom-mpl
//                   ^^ constant.numeric.duration.axiom-mpl
`my-metrics`:http_latency[-1h..1747077736]
// <~---------- entity.name.type.dataset.axiom-mpl
//           ^^^^^^^^^^^^ entity.name.type.metric.axiom-mpl
//                        ^ keyword.operator.arithmetic.axiom-mpl
//                             ^^^^^^^^^^ constant.numeric.axiom-mpl
