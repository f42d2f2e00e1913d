// SYNTAX TEST "source.axiom-apl" "the dataset a query starts from: ['name'], a bare name, and the ones join, lookup and union name"
['sample-http-logs']
// <-- punctuation.definition.dataset.begin.axiom-apl
// <~~---------------- entity.name.type.dataset.axiom-apl
//                ^^ punctuation.definition.dataset.end.axiom-apl
| where status == 200
//      ^^^^^^ variable.other.axiom-apl - entity.name.type.dataset.axiom-apl

["otel.traces"] | take 1
// <~~----------- entity.name.type.dataset.axiom-apl

sample_logs
// <----------- entity.name.type.dataset.axiom-apl
| where sample_logs.status > 1 and ['sample'].method == 'GET'
//      ^^^^^^^^^^^ variable.other.axiom-apl
//                 ^ punctuation.accessor.axiom-apl
//                  ^^^^^^ variable.other.property.axiom-apl
//                                   ^^^^^^ variable.other.field.axiom-apl
//                                            ^^^^^^ variable.other.property.axiom-apl
| join kind=inner (['users'] | project id, name) on $left.user_id == $right.id
//                   ^^^^^ entity.name.type.dataset.axiom-apl
//                                                  ^^^^^ variable.language.axiom-apl
//                                                        ^^^^^^^ variable.other.property.axiom-apl
//                                                                   ^^^^^^ variable.language.axiom-apl
| join kind=leftouter (
    ['orders']
//    ^^^^^^ entity.name.type.dataset.axiom-apl
    | where total > 0
//    ^^^^^ keyword.other.operator.tabular.axiom-apl
  ) on id
// <~~- punctuation.section.parens.end.axiom-apl
//  ^^ keyword.other.clause.axiom-apl
| lookup kind=leftouter ['countries'] on country_code
//                        ^^^^^^^^^ entity.name.type.dataset.axiom-apl
//                                       ^^^^^^^^^^^^ variable.other.axiom-apl
| union ['archive-2023'], ['archive-2024']
//        ^^^^^^^^^^^^ entity.name.type.dataset.axiom-apl
//                          ^^^^^^^^^^^^ entity.name.type.dataset.axiom-apl

union withsource=source ['a'], ['b']
// <----- keyword.other.operator.tabular.axiom-apl
//    ^^^^^^^^^^ keyword.other.clause.axiom-apl
//                        ^ entity.name.type.dataset.axiom-apl
//                               ^ entity.name.type.dataset.axiom-apl
| summarize count() by source
//                     ^^^^^^ variable.other.axiom-apl

otel.traces
// <---- entity.name.type.dataset.axiom-apl
//  ^ punctuation.accessor.axiom-apl
//   ^^^^^^ variable.other.property.axiom-apl
| take 1
//^^^^ keyword.other.operator.tabular.axiom-apl
