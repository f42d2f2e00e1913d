// SYNTAX TEST "source.axiom-apl" "every tabular operator after a pipe, hyphenated ones whole"
['logs']
| count
// <~~----- keyword.other.operator.tabular.axiom-apl
| distinct method
// <~~-------- keyword.other.operator.tabular.axiom-apl
| extend a = 1
// <~~------ keyword.other.operator.tabular.axiom-apl
| extend-valid b = tostring(a)
// <~~------------ keyword.other.operator.tabular.axiom-apl
| externaldata (a:string) ['https://example.com/data.csv']
// <~~------------ keyword.other.operator.tabular.axiom-apl
| getschema
// <~~--------- keyword.other.operator.tabular.axiom-apl
| join (['other']) on id
// <~~---- keyword.other.operator.tabular.axiom-apl
| limit 10
// <~~----- keyword.other.operator.tabular.axiom-apl
| lookup ['other'] on id
// <~~------ keyword.other.operator.tabular.axiom-apl
| make-series count() on _time step 1h
// <~~----------- keyword.other.operator.tabular.axiom-apl
| mv-expand tags
// <~~--------- keyword.other.operator.tabular.axiom-apl
| order by a
// <~~----- keyword.other.operator.tabular.axiom-apl
| parse msg with * "id=" id:long *
// <~~----- keyword.other.operator.tabular.axiom-apl
| parse-kv msg as (a:string) with (pair_delimiter=',', kv_delimiter='=')
// <~~-------- keyword.other.operator.tabular.axiom-apl
//             ^^ keyword.other.clause.axiom-apl
//                           ^^^^ keyword.other.clause.axiom-apl
| parse-where msg with * "id=" id:long *
// <~~----------- keyword.other.operator.tabular.axiom-apl
| project-away a
// <~~------------ keyword.other.operator.tabular.axiom-apl
| project-keep a
// <~~------------ keyword.other.operator.tabular.axiom-apl
| project-rename b = a
// <~~-------------- keyword.other.operator.tabular.axiom-apl
| project-reorder a
// <~~--------------- keyword.other.operator.tabular.axiom-apl
| project a
// <~~------- keyword.other.operator.tabular.axiom-apl
| redact @'\d+'
// <~~------ keyword.other.operator.tabular.axiom-apl
| sample 10
// <~~------ keyword.other.operator.tabular.axiom-apl
| search "error"
// <~~------ keyword.other.operator.tabular.axiom-apl
| sort by a
// <~~---- keyword.other.operator.tabular.axiom-apl
| summarize count()
// <~~--------- keyword.other.operator.tabular.axiom-apl
| take 5
// <~~---- keyword.other.operator.tabular.axiom-apl
| top 3 by a
// <~~--- keyword.other.operator.tabular.axiom-apl
| union ['other']
// <~~----- keyword.other.operator.tabular.axiom-apl
| where a > 1
// <~~----- keyword.other.operator.tabular.axiom-apl
| take 1 |
  where a > 1
// <~~----- keyword.other.operator.tabular.axiom-apl
| project-awayish
// <~~--------------- - keyword.other.operator.tabular.axiom-apl

print x = 1
// <----- keyword.other.operator.tabular.axiom-apl

range n from 1 to 5 step 1
// <----- keyword.other.operator.tabular.axiom-apl
//      ^^^^ keyword.other.clause.axiom-apl
//             ^^ keyword.other.clause.axiom-apl
//                  ^^^^ keyword.other.clause.axiom-apl

datatable(a:string, b:long) ['x', 1]
// <--------- keyword.other.operator.tabular.axiom-apl
//          ^^^^^^ storage.type.axiom-apl

search "timeout"
// <------ keyword.other.operator.tabular.axiom-apl
