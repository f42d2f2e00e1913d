// SYNTAX TEST "source.axiom-apl" "field names: bare, in ['…'] with dots, spaces, dashes and quotes, nested maps"
['logs']
| project ['geo.city'], ['user agent'], ['x-request-id'], ["it's"], ['say \'hi\''], _time
//        ^^ punctuation.definition.field.begin.axiom-apl
//          ^^^^^^^^ variable.other.field.axiom-apl
//                  ^^ punctuation.definition.field.end.axiom-apl
//                        ^^^^^^^^^^ variable.other.field.axiom-apl
//                                        ^^^^^^^^^^^^ variable.other.field.axiom-apl
//                                                          ^^^^ variable.other.field.axiom-apl
//                                                                        ^^ variable.other.field.axiom-apl constant.character.escape.axiom-apl
//                                                                                  ^^^^^ variable.other.axiom-apl
| where ['attributes.custom']['http.protocol'] == 'HTTP/1.1' and ['geo'].city == 'Paris'
//        ^^^^^^^^^^^^^^^^^ variable.other.field.axiom-apl
//                             ^^^^^^^^^^^^^ variable.other.field.axiom-apl
//                                                                       ^^^^ variable.other.property.axiom-apl
| extend first = tags[0], host = req.headers.host
//                   ^ punctuation.section.brackets.begin.axiom-apl
//                    ^ constant.numeric.integer.axiom-apl
//                               ^^^ variable.other.axiom-apl
//                                   ^^^^^^^ variable.other.property.axiom-apl
//                                           ^^^^ variable.other.property.axiom-apl
