// SYNTAX TEST "source.axiom-apl" "shapes whose rules are one regular expression each: strings with escapes, verbatim and unclosed ones, a string and its comma, a name and its comparison, operands, names and symbols, clauses"
print a = @'it''s', b = @"say ""hi""", c = 'a\'b', d = "a\"b\\"
//    ^ variable.other.axiom-apl
//      ^ keyword.operator.assignment.axiom-apl
//        ^ string.quoted.single.verbatim.axiom-apl storage.modifier.verbatim.axiom-apl
//         ^ string.quoted.single.verbatim.axiom-apl punctuation.definition.string.begin.axiom-apl
//          ^^ string.quoted.single.verbatim.axiom-apl
//            ^^ string.quoted.single.verbatim.axiom-apl constant.character.escape.quote.axiom-apl
//              ^ string.quoted.single.verbatim.axiom-apl
//               ^ string.quoted.single.verbatim.axiom-apl punctuation.definition.string.end.axiom-apl
//                ^ punctuation.separator.comma.axiom-apl
//                  ^ variable.other.axiom-apl
//                    ^ keyword.operator.assignment.axiom-apl
//                      ^ string.quoted.double.verbatim.axiom-apl storage.modifier.verbatim.axiom-apl
//                       ^ string.quoted.double.verbatim.axiom-apl punctuation.definition.string.begin.axiom-apl
//                            ^^ string.quoted.double.verbatim.axiom-apl constant.character.escape.quote.axiom-apl
//                              ^^ string.quoted.double.verbatim.axiom-apl
//                                ^^ string.quoted.double.verbatim.axiom-apl constant.character.escape.quote.axiom-apl
//                                  ^ string.quoted.double.verbatim.axiom-apl punctuation.definition.string.end.axiom-apl
//                                   ^ punctuation.separator.comma.axiom-apl
//                                     ^ variable.other.axiom-apl
//                                       ^ keyword.operator.assignment.axiom-apl
//                                         ^ string.quoted.single.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                          ^ string.quoted.single.axiom-apl
//                                           ^^ string.quoted.single.axiom-apl constant.character.escape.axiom-apl
//                                             ^ string.quoted.single.axiom-apl
//                                              ^ string.quoted.single.axiom-apl punctuation.definition.string.end.axiom-apl
//                                               ^ punctuation.separator.comma.axiom-apl
//                                                 ^ variable.other.axiom-apl
//                                                   ^ keyword.operator.assignment.axiom-apl
//                                                     ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                                      ^ string.quoted.double.axiom-apl
//                                                       ^^ string.quoted.double.axiom-apl constant.character.escape.axiom-apl
//                                                         ^ string.quoted.double.axiom-apl
//                                                          ^^ string.quoted.double.axiom-apl constant.character.escape.axiom-apl
//                                                            ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
print e = 'ends with a backslash\
//    ^ variable.other.axiom-apl
//      ^ keyword.operator.assignment.axiom-apl
//        ^ string.quoted.single.axiom-apl punctuation.definition.string.begin.axiom-apl
//         ^^^^^^^^^^^^^^^^^^^^^^ string.quoted.single.axiom-apl
print f = @'unclosed verbatim
//    ^ variable.other.axiom-apl
//      ^ keyword.operator.assignment.axiom-apl
//        ^ string.quoted.single.verbatim.axiom-apl storage.modifier.verbatim.axiom-apl
//         ^ string.quoted.single.verbatim.axiom-apl punctuation.definition.string.begin.axiom-apl
//          ^^^^^^^^^^^^^^^^^ string.quoted.single.verbatim.axiom-apl
print g = "x" , 'y',"z", h = @"", i = ''
//    ^ variable.other.axiom-apl
//      ^ keyword.operator.assignment.axiom-apl
//        ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//         ^ string.quoted.double.axiom-apl
//          ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//            ^ punctuation.separator.comma.axiom-apl
//              ^ string.quoted.single.axiom-apl punctuation.definition.string.begin.axiom-apl
//               ^ string.quoted.single.axiom-apl
//                ^ string.quoted.single.axiom-apl punctuation.definition.string.end.axiom-apl
//                 ^ punctuation.separator.comma.axiom-apl
//                  ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                   ^ string.quoted.double.axiom-apl
//                    ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//                     ^ punctuation.separator.comma.axiom-apl
//                       ^ variable.other.axiom-apl
//                         ^ keyword.operator.assignment.axiom-apl
//                           ^ string.quoted.double.verbatim.axiom-apl storage.modifier.verbatim.axiom-apl
//                            ^ string.quoted.double.verbatim.axiom-apl punctuation.definition.string.begin.axiom-apl
//                             ^ string.quoted.double.verbatim.axiom-apl punctuation.definition.string.end.axiom-apl
//                              ^ punctuation.separator.comma.axiom-apl
//                                ^ variable.other.axiom-apl
//                                  ^ keyword.operator.assignment.axiom-apl
//                                    ^ string.quoted.single.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                     ^ string.quoted.single.axiom-apl punctuation.definition.string.end.axiom-apl
print j = timespan(1h), k = dynamic({"a": 1}), l = time(2d), m = typeof(string)
//    ^ variable.other.axiom-apl
//      ^ keyword.operator.assignment.axiom-apl
//        ^^^^^^^^ storage.type.timespan.axiom-apl
//                ^ punctuation.section.parens.begin.axiom-apl
//                 ^^ constant.numeric.timespan.axiom-apl
//                   ^ punctuation.section.parens.end.axiom-apl
//                    ^ punctuation.separator.comma.axiom-apl
//                      ^ variable.other.axiom-apl
//                        ^ keyword.operator.assignment.axiom-apl
//                          ^^^^^^^ storage.type.dynamic.axiom-apl
//                                 ^ punctuation.section.parens.begin.axiom-apl
//                                  ^ punctuation.section.braces.begin.axiom-apl
//                                   ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                    ^ string.quoted.double.axiom-apl
//                                     ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//                                      ^ punctuation.separator.colon.axiom-apl
//                                        ^ constant.numeric.integer.axiom-apl
//                                         ^ punctuation.section.braces.end.axiom-apl
//                                          ^ punctuation.section.parens.end.axiom-apl
//                                           ^ punctuation.separator.comma.axiom-apl
//                                             ^ variable.other.axiom-apl
//                                               ^ keyword.operator.assignment.axiom-apl
//                                                 ^^^^ storage.type.timespan.axiom-apl
//                                                     ^ punctuation.section.parens.begin.axiom-apl
//                                                      ^^ constant.numeric.timespan.axiom-apl
//                                                        ^ punctuation.section.parens.end.axiom-apl
//                                                         ^ punctuation.separator.comma.axiom-apl
//                                                           ^ variable.other.axiom-apl
//                                                             ^ keyword.operator.assignment.axiom-apl
//                                                               ^^^^^^ keyword.other.typeof.axiom-apl
//                                                                     ^ punctuation.section.parens.begin.axiom-apl
//                                                                      ^^^^^^ storage.type.axiom-apl
//                                                                            ^ punctuation.section.parens.end.axiom-apl
T | where a >= 1 and b!=2 and c =~ "x" and d<e and f == g and h<>i and j !~ "k"
//^ keyword.operator.pipe.axiom-apl
//  ^^^^^ keyword.other.operator.tabular.axiom-apl
//        ^ variable.other.axiom-apl
//          ^^ keyword.operator.comparison.axiom-apl
//             ^ constant.numeric.integer.axiom-apl
//               ^^^ keyword.operator.expression.logical.axiom-apl
//                   ^ variable.other.axiom-apl
//                    ^^ keyword.operator.comparison.axiom-apl
//                      ^ constant.numeric.integer.axiom-apl
//                        ^^^ keyword.operator.expression.logical.axiom-apl
//                            ^ variable.other.axiom-apl
//                              ^^ keyword.operator.comparison.axiom-apl
//                                 ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                  ^ string.quoted.double.axiom-apl
//                                   ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//                                     ^^^ keyword.operator.expression.logical.axiom-apl
//                                         ^ variable.other.axiom-apl
//                                          ^ keyword.operator.comparison.axiom-apl
//                                           ^ variable.other.axiom-apl
//                                             ^^^ keyword.operator.expression.logical.axiom-apl
//                                                 ^ variable.other.axiom-apl
//                                                   ^^ keyword.operator.comparison.axiom-apl
//                                                      ^ variable.other.axiom-apl
//                                                        ^^^ keyword.operator.expression.logical.axiom-apl
//                                                            ^ variable.other.axiom-apl
//                                                             ^^ keyword.operator.comparison.axiom-apl
//                                                               ^ variable.other.axiom-apl
//                                                                 ^^^ keyword.operator.expression.logical.axiom-apl
//                                                                     ^ variable.other.axiom-apl
//                                                                       ^^ keyword.operator.comparison.axiom-apl
//                                                                          ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                                                           ^ string.quoted.double.axiom-apl
//                                                                            ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
T | extend x = int(1), y = $left.a, z = 1.5e3 + .5 + 0x1F + 10ms + 3 - 2 * 4 / 5 % 6, t = true, n = null
//^ keyword.operator.pipe.axiom-apl
//  ^^^^^^ keyword.other.operator.tabular.axiom-apl
//         ^ variable.other.axiom-apl
//           ^ keyword.operator.assignment.axiom-apl
//             ^^^ storage.type.axiom-apl
//                ^ punctuation.section.parens.begin.axiom-apl
//                 ^ constant.numeric.integer.axiom-apl
//                  ^ punctuation.section.parens.end.axiom-apl
//                   ^ punctuation.separator.comma.axiom-apl
//                     ^ variable.other.axiom-apl
//                       ^ keyword.operator.assignment.axiom-apl
//                         ^^^^^ variable.language.axiom-apl
//                              ^ punctuation.accessor.axiom-apl
//                               ^ variable.other.property.axiom-apl
//                                ^ punctuation.separator.comma.axiom-apl
//                                  ^ variable.other.axiom-apl
//                                    ^ keyword.operator.assignment.axiom-apl
//                                      ^^^^^ constant.numeric.float.axiom-apl
//                                            ^ keyword.operator.arithmetic.axiom-apl
//                                              ^^ constant.numeric.float.axiom-apl
//                                                 ^ keyword.operator.arithmetic.axiom-apl
//                                                   ^^^^ constant.numeric.hex.axiom-apl
//                                                        ^ keyword.operator.arithmetic.axiom-apl
//                                                          ^^^^ constant.numeric.timespan.axiom-apl
//                                                               ^ keyword.operator.arithmetic.axiom-apl
//                                                                 ^ constant.numeric.integer.axiom-apl
//                                                                   ^ keyword.operator.arithmetic.axiom-apl
//                                                                     ^ constant.numeric.integer.axiom-apl
//                                                                       ^ keyword.operator.arithmetic.axiom-apl
//                                                                         ^ constant.numeric.integer.axiom-apl
//                                                                           ^ keyword.operator.arithmetic.axiom-apl
//                                                                             ^ constant.numeric.integer.axiom-apl
//                                                                               ^ keyword.operator.arithmetic.axiom-apl
//                                                                                 ^ constant.numeric.integer.axiom-apl
//                                                                                  ^ punctuation.separator.comma.axiom-apl
//                                                                                    ^ variable.other.axiom-apl
//                                                                                      ^ keyword.operator.assignment.axiom-apl
//                                                                                        ^^^^ constant.language.boolean.axiom-apl
//                                                                                            ^ punctuation.separator.comma.axiom-apl
//                                                                                              ^ variable.other.axiom-apl
//                                                                                                ^ keyword.operator.assignment.axiom-apl
//                                                                                                  ^^^^ constant.language.null.axiom-apl
T | where m !contains_cs "a" and n in~ ("b") and o between (1 .. 2) and p !matches regex "q" or not(r)
//^ keyword.operator.pipe.axiom-apl
//  ^^^^^ keyword.other.operator.tabular.axiom-apl
//        ^ variable.other.axiom-apl
//          ^^^^^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                       ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                        ^ string.quoted.double.axiom-apl
//                         ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//                           ^^^ keyword.operator.expression.logical.axiom-apl
//                               ^ variable.other.axiom-apl
//                                 ^^^ keyword.operator.expression.set.axiom-apl
//                                     ^ punctuation.section.parens.begin.axiom-apl
//                                      ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                       ^ string.quoted.double.axiom-apl
//                                        ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//                                         ^ punctuation.section.parens.end.axiom-apl
//                                           ^^^ keyword.operator.expression.logical.axiom-apl
//                                               ^ variable.other.axiom-apl
//                                                 ^^^^^^^ keyword.operator.expression.between.axiom-apl
//                                                         ^ punctuation.section.parens.begin.axiom-apl
//                                                          ^ constant.numeric.integer.axiom-apl
//                                                            ^^ keyword.operator.range.axiom-apl
//                                                               ^ constant.numeric.integer.axiom-apl
//                                                                ^ punctuation.section.parens.end.axiom-apl
//                                                                  ^^^ keyword.operator.expression.logical.axiom-apl
//                                                                      ^ variable.other.axiom-apl
//                                                                        ^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                                 ^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                                       ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                                                                                        ^ string.quoted.double.axiom-apl
//                                                                                         ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//                                                                                           ^^ keyword.operator.expression.logical.axiom-apl
//                                                                                              ^^^ keyword.operator.expression.logical.axiom-apl
//                                                                                                 ^ punctuation.section.parens.begin.axiom-apl
//                                                                                                  ^ variable.other.axiom-apl
//                                                                                                   ^ punctuation.section.parens.end.axiom-apl
datatable(a:long, b:string) [1, "x"]
//       ^ punctuation.section.parens.begin.axiom-apl
//        ^ variable.other.axiom-apl
//         ^ punctuation.separator.colon.axiom-apl
//          ^^^^ storage.type.axiom-apl
//              ^ punctuation.separator.comma.axiom-apl
//                ^ variable.other.axiom-apl
//                 ^ punctuation.separator.colon.axiom-apl
//                  ^^^^^^ storage.type.axiom-apl
//                        ^ punctuation.section.parens.end.axiom-apl
//                          ^ punctuation.section.brackets.begin.axiom-apl
//                           ^ constant.numeric.integer.axiom-apl
//                            ^ punctuation.separator.comma.axiom-apl
//                              ^ string.quoted.double.axiom-apl punctuation.definition.string.begin.axiom-apl
//                               ^ string.quoted.double.axiom-apl
//                                ^ string.quoted.double.axiom-apl punctuation.definition.string.end.axiom-apl
//                                 ^ punctuation.section.brackets.end.axiom-apl
T | extend c = todynamic(x).a.b, d = [ 'e' ]
//^ keyword.operator.pipe.axiom-apl
//  ^^^^^^ keyword.other.operator.tabular.axiom-apl
//         ^ variable.other.axiom-apl
//           ^ keyword.operator.assignment.axiom-apl
//             ^^^^^^^^^ support.function.scalar.axiom-apl
//                      ^ punctuation.section.parens.begin.axiom-apl
//                       ^ variable.other.axiom-apl
//                        ^ punctuation.section.parens.end.axiom-apl
//                         ^ punctuation.accessor.axiom-apl
//                          ^ variable.other.property.axiom-apl
//                           ^ punctuation.accessor.axiom-apl
//                            ^ variable.other.property.axiom-apl
//                             ^ punctuation.separator.comma.axiom-apl
//                               ^ variable.other.axiom-apl
//                                 ^ keyword.operator.assignment.axiom-apl
//                                   ^^^ punctuation.definition.field.begin.axiom-apl
//                                      ^ variable.other.field.axiom-apl
//                                       ^^^ punctuation.definition.field.end.axiom-apl
T | order by x asc nulls first | sort by y granny-desc | where hint.strategy = shuffle
//^ keyword.operator.pipe.axiom-apl
//  ^^^^^ keyword.other.operator.tabular.axiom-apl
//        ^^ keyword.other.clause.axiom-apl
//           ^ variable.other.axiom-apl
//             ^^^ keyword.other.clause.axiom-apl
//                 ^^^^^ keyword.other.clause.axiom-apl
//                       ^^^^^ keyword.other.clause.axiom-apl
//                             ^ keyword.operator.pipe.axiom-apl
//                               ^^^^ keyword.other.operator.tabular.axiom-apl
//                                    ^^ keyword.other.clause.axiom-apl
//                                       ^ variable.other.axiom-apl
//                                         ^^^^^^^^^^^ keyword.other.clause.axiom-apl
//                                                     ^ keyword.operator.pipe.axiom-apl
//                                                       ^^^^^ keyword.other.operator.tabular.axiom-apl
//                                                             ^^^^^^^^^^^^^ keyword.other.clause.axiom-apl
//                                                                           ^ keyword.operator.assignment.axiom-apl
//                                                                             ^^^^^^^ variable.other.axiom-apl
let ds = ['my-ds'] | take 1;
//  ^^ variable.other.axiom-apl
//     ^ keyword.operator.assignment.axiom-apl
//       ^^ punctuation.definition.field.begin.axiom-apl
//         ^^^^^ variable.other.field.axiom-apl
//              ^^ punctuation.definition.field.end.axiom-apl
//                 ^ keyword.operator.pipe.axiom-apl
//                   ^^^^ keyword.other.operator.tabular.axiom-apl
//                        ^ constant.numeric.integer.axiom-apl
//                         ^ punctuation.terminator.statement.axiom-apl
let ds2 = Events | take 1;
//  ^^^ entity.name.variable.axiom-apl
//      ^ keyword.operator.assignment.axiom-apl
//        ^^^^^^ entity.name.type.dataset.axiom-apl
//               ^ keyword.operator.pipe.axiom-apl
//                 ^^^^ keyword.other.operator.tabular.axiom-apl
//                      ^ constant.numeric.integer.axiom-apl
//                       ^ punctuation.terminator.statement.axiom-apl
