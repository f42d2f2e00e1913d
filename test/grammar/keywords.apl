// SYNTAX TEST "source.axiom-apl" "clause keywords and word operators, with their ! and _cs forms"
['logs']
| summarize n = count() by method, bin(_time, 5m)
//                      ^^ keyword.other.clause.axiom-apl
| sort by n desc, method asc nulls last
//          ^^^^ keyword.other.clause.axiom-apl
//                       ^^^ keyword.other.clause.axiom-apl
//                           ^^^^^ keyword.other.clause.axiom-apl
//                                 ^^^^ keyword.other.clause.axiom-apl
| order by n asc nulls first
//                     ^^^^^ keyword.other.clause.axiom-apl
| where a == 1 and b == 2 or not(c)
//             ^^^ keyword.operator.expression.logical.axiom-apl
//                        ^^ keyword.operator.expression.logical.axiom-apl
//                           ^^^ keyword.operator.expression.logical.axiom-apl
| where n between (1 .. 10) and n !between (20 .. 30)
//        ^^^^^^^ keyword.operator.expression.between.axiom-apl
//                   ^^ keyword.operator.range.axiom-apl
//                                ^^^^^^^^ keyword.operator.expression.between.axiom-apl
| where method in ('GET', 'PUT') and method !in ('DELETE')
//             ^^ keyword.operator.expression.set.axiom-apl
//                                          ^^^ keyword.operator.expression.set.axiom-apl
| where method in~ ('get') and method !in~ ('post')
//             ^^^ keyword.operator.expression.set.axiom-apl
//                                    ^^^^ keyword.operator.expression.set.axiom-apl
| where uri has 'api' and uri !has 'x' and uri has_cs 'A' and uri !has_cs 'B'
//          ^^^ keyword.operator.expression.string.axiom-apl
//                            ^^^^ keyword.operator.expression.string.axiom-apl
//                                             ^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                ^^^^^^^ keyword.operator.expression.string.axiom-apl
| where uri contains 'a' and uri !contains 'b' and uri contains_cs 'C' and uri !contains_cs 'D'
//          ^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                               ^^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                     ^^^^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                             ^^^^^^^^^^^^ keyword.operator.expression.string.axiom-apl
| where uri startswith '/a' and uri !startswith_cs '/B' and uri endswith '.js' and uri !endswith '.css'
//          ^^^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                  ^^^^^^^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                              ^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                                     ^^^^^^^^^ keyword.operator.expression.string.axiom-apl
| where uri hasprefix 'a' and uri hassuffix_cs 'Z' and uri has_any ('a', 'b') and uri has_any_cs ('C')
//          ^^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                ^^^^^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                         ^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                                    ^^^^^^^^^^ keyword.operator.expression.string.axiom-apl
| where uri matches regex '^/api' and uri !matches regex @'\d'
//          ^^^^^^^ keyword.operator.expression.string.axiom-apl
//                  ^^^^^ keyword.operator.expression.string.axiom-apl
//                                        ^^^^^^^^ keyword.operator.expression.string.axiom-apl
| parse kind=regex flags=Ui msg with @'id=(\d+)' id:long
//      ^^^^ keyword.other.clause.axiom-apl
//           ^^^^^ support.constant.axiom-apl
//                 ^^^^^ keyword.other.clause.axiom-apl
//                       ^^ support.constant.axiom-apl
//                              ^^^^ keyword.other.clause.axiom-apl
| mv-expand kind=array tags to typeof(string)
//               ^^^^^ support.constant.axiom-apl
//                          ^^ keyword.other.clause.axiom-apl
//                             ^^^^^^ keyword.other.typeof.axiom-apl
//                                    ^^^^^^ storage.type.axiom-apl
| make-series avg(n) default=0 on _time in range(ago(1d), now(), 1h) by method
//                   ^^^^^^^ keyword.other.clause.axiom-apl
//                             ^^ keyword.other.clause.axiom-apl
//                                      ^^ keyword.operator.expression.set.axiom-apl
//                                         ^^^^^ support.function.scalar.axiom-apl
| project-reorder method granny-asc, n desc
//                       ^^^^^^^^^^ keyword.other.clause.axiom-apl
| where handler == 'byname' and on_call == true and description == 'x'
//                  ^^^^^^ string.quoted.single.axiom-apl
//                              ^^^^^^^ variable.other.axiom-apl - keyword.other.clause.axiom-apl
//                                                  ^^^^^^^^^^^ variable.other.axiom-apl - keyword.other.clause.axiom-apl
