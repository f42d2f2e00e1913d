// SYNTAX TEST "source.axiom-apl" "scalar and aggregation function calls; names that are not calls"
['logs']
| summarize avg(duration), dcount(user), p = percentile(duration, 95), arg_max(_time, *) by bin_auto(_time)
//          ^^^ support.function.aggregation.axiom-apl
//                         ^^^^^^ support.function.aggregation.axiom-apl
//                                           ^^^^^^^^^^ support.function.aggregation.axiom-apl
//                                                                     ^^^^^^^ support.function.aggregation.axiom-apl
//                                                                                          ^^^^^^^^ support.function.scalar.axiom-apl
| extend host = tolower(tostring(parse_url(uri).Host)), n = strlen (msg)
//              ^^^^^^^ support.function.scalar.axiom-apl
//                      ^^^^^^^^ support.function.scalar.axiom-apl
//                               ^^^^^^^^^ support.function.scalar.axiom-apl
//                                              ^^^^ variable.other.property.axiom-apl
//                                                          ^^^^^^ support.function.scalar.axiom-apl
| extend ok = iff(isnotempty(host), 1, 0), g = geo_info_from_ip_address(ip).country
//            ^^^ support.function.scalar.axiom-apl
//                ^^^^^^^^^^ support.function.scalar.axiom-apl
//                                             ^^^^^^^^^^^^^^^^^^^^^^^^ support.function.scalar.axiom-apl
| extend s = series_fir(values, dynamic([1, 1])), h = hash_sha256(msg), t = genai_cost(model, 1, 2)
//           ^^^^^^^^^^ support.function.scalar.axiom-apl
//                                                    ^^^^^^^^^^^ support.function.scalar.axiom-apl
//                                                                          ^^^^^^^^^^ support.function.scalar.axiom-apl
| extend mine = my_function(1)
//              ^^^^^^^^^^^ entity.name.function.axiom-apl
| extend count_ = 1, avg = 2
//       ^^^^^^ variable.other.axiom-apl - support.function.aggregation.axiom-apl
//                   ^^^ variable.other.axiom-apl - support.function.aggregation.axiom-apl
| summarize countif(status >= 500), make_list_if(uri, status == 404), topk(uri, 10)
//          ^^^^^^^ support.function.aggregation.axiom-apl
//                                  ^^^^^^^^^^^^ support.function.aggregation.axiom-apl
//                                                                    ^^^^ support.function.aggregation.axiom-apl
