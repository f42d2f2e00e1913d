// SYNTAX TEST "source.axiom-apl" "numbers, timespans, datetime(), dynamic(), typed nulls, true/false/null"
print i = 42, r = 3.14, e = 1e6, x = 0xFF, n = -7
//        ^^ constant.numeric.integer.axiom-apl
//                ^^^^ constant.numeric.float.axiom-apl
//                          ^^^ constant.numeric.float.axiom-apl
//                                   ^^^^ constant.numeric.hex.axiom-apl
//                                             ^ keyword.operator.arithmetic.axiom-apl
//                                              ^ constant.numeric.integer.axiom-apl
print a = 5m, b = 1h, c = 100ms, d = 2d, e = 30s, f = 1.5h, g = 10min, h = 1sec, i = timespan(15s)
//        ^^ constant.numeric.timespan.axiom-apl
//                ^^ constant.numeric.timespan.axiom-apl
//                        ^^^^^ constant.numeric.timespan.axiom-apl
//                                   ^^ constant.numeric.timespan.axiom-apl
//                                           ^^^ constant.numeric.timespan.axiom-apl
//                                                    ^^^^ constant.numeric.timespan.axiom-apl
//                                                              ^^^^^ constant.numeric.timespan.axiom-apl
//                                                                         ^^^^ constant.numeric.timespan.axiom-apl
//                                                                                   ^^^^^^^^ storage.type.timespan.axiom-apl
//                                                                                            ^^^ constant.numeric.timespan.axiom-apl
print t = datetime(2024-01-31 23:59:59.9), u = datetime(2024-01-31T10:00:00Z), v = datetime(null)
//        ^^^^^^^^ storage.type.datetime.axiom-apl
//                 ^^^^^^^^^^^^^^^^^^^^^ constant.numeric.datetime.axiom-apl
//                                                      ^^^^^^^^^^^^^^^^^^^^ constant.numeric.datetime.axiom-apl
//                                                                                          ^^^^ constant.language.null.axiom-apl
print d = dynamic({"a": [1, "two", true]}), e = dynamic(null), f = dynamic(['x', 'y'])
//        ^^^^^^^ storage.type.dynamic.axiom-apl
//                ^ punctuation.section.braces.begin.axiom-apl
//                 ^^^ string.quoted.double.axiom-apl
//                    ^ punctuation.separator.colon.axiom-apl
//                      ^ punctuation.section.brackets.begin.axiom-apl
//                                 ^^^^ constant.language.boolean.axiom-apl
//                                                      ^^^^ constant.language.null.axiom-apl
//                                                                          ^^^ string.quoted.single.axiom-apl - variable.other.field.axiom-apl
print b = bool(null), l = long(null), k = false, z = null
//        ^^^^ storage.type.axiom-apl
//                        ^^^^ storage.type.axiom-apl
//                                        ^^^^^ constant.language.boolean.axiom-apl
//                             ^^^^ constant.language.null.axiom-apl
