// SYNTAX TEST "source.axiom-apl" "strings: single, double, verbatim, escapes, and an unclosed one that stops at the line end"
print a = 'it\'s', b = "say \"hi\"\n", c = @'C:\temp\new', d = @"a ""quoted"" word", e = 'x"y', f = "x'y"
//        ^ string.quoted.single.axiom-apl punctuation.definition.string.begin.axiom-apl
//         ^^ string.quoted.single.axiom-apl
//           ^^ string.quoted.single.axiom-apl constant.character.escape.axiom-apl
//                          ^^ string.quoted.double.axiom-apl constant.character.escape.axiom-apl
//                                ^^ string.quoted.double.axiom-apl constant.character.escape.axiom-apl
//                                         ^ string.quoted.single.verbatim.axiom-apl storage.modifier.verbatim.axiom-apl
//                                           ^^^^^^^^^^^ string.quoted.single.verbatim.axiom-apl - constant.character.escape.axiom-apl
//                                                                 ^^ string.quoted.double.verbatim.axiom-apl constant.character.escape.quote.axiom-apl
//                                                                            ^^^^ string.quoted.double.verbatim.axiom-apl
//                                                                                        ^^^ string.quoted.single.axiom-apl
//                                                                                                   ^^^ string.quoted.double.axiom-apl
| where msg == "unclosed
//              ^^^^^^^^ string.quoted.double.axiom-apl
| take 1
// <~~---- keyword.other.operator.tabular.axiom-apl - string.quoted.double.axiom-apl
