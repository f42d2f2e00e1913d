// SYNTAX TEST "source.axiom-apl" "the operators of two words (matches regex, !matches regex, nulls first/last) wherever an expression goes"
['logs']
| where uri matches regex '^/api' or uri !matches  regex "v[0-9]+"
//          ^^^^^^^ keyword.operator.expression.string.axiom-apl
//                  ^^^^^ keyword.operator.expression.string.axiom-apl
//                        ^^^^^^^ string.quoted.single.axiom-apl
//                                       ^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                 ^^^^^ keyword.operator.expression.string.axiom-apl
| extend api = iff(uri matches regex @'^/api/\d+', 'yes', 'no'), n = countif(msg !matches regex 'x')
//                     ^^^^^^^ keyword.operator.expression.string.axiom-apl
//                             ^^^^^ keyword.operator.expression.string.axiom-apl
//                                                 ^^^^^ string.quoted.single.axiom-apl
//                                                                               ^^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                                        ^^^^^ keyword.operator.expression.string.axiom-apl
//                                                                   ^^^^^^^ support.function.aggregation.axiom-apl
| where (msg matches regex 'a') and not(msg matches regex 'b')
//           ^^^^^^^ keyword.operator.expression.string.axiom-apl
//                   ^^^^^ keyword.operator.expression.string.axiom-apl
//                                          ^^^^^^^ keyword.operator.expression.string.axiom-apl
//                                                  ^^^^^ keyword.operator.expression.string.axiom-apl
| where
    msg matches regex 'c'
//      ^^^^^^^ keyword.operator.expression.string.axiom-apl
//              ^^^^^ keyword.operator.expression.string.axiom-apl
| sort by n desc nulls first, uri asc nulls last
//               ^^^^^ keyword.other.clause.axiom-apl
//                     ^^^^^ keyword.other.clause.axiom-apl
//                                    ^^^^^ keyword.other.clause.axiom-apl
//                                          ^^^^ keyword.other.clause.axiom-apl
| where regex == 'x' and matches > 1 and rematches regex2 'y'
//      ^^^^^ variable.other.axiom-apl - keyword.operator.expression.string.axiom-apl
//                       ^^^^^^^ variable.other.axiom-apl - keyword.operator.expression.string.axiom-apl
//                                       ^^^^^^^^^ variable.other.axiom-apl - keyword.operator.expression.string.axiom-apl
//                                                 ^^^^^^ variable.other.axiom-apl - keyword.operator.expression.string.axiom-apl

let pattern = 'x';
['logs'] | where msg matches regex pattern
//                   ^^^^^^^ keyword.operator.expression.string.axiom-apl
//                           ^^^^^ keyword.operator.expression.string.axiom-apl
//                                 ^^^^^^^ variable.other.axiom-apl
