// What the language features know about APL: its tabular operators, its scalar and aggregation
// functions, and the words of its expressions. Names, categories, signatures and syntax follow
// Axiom's APL reference (https://axiom.co/docs/apl/); each description is one sentence of this
// project's own. Loaded with the rest of the language support on first use of an Axiom APL
// document (the "apl" bundle, src/core/apl/bundle.ts), never at activation.

export const DOCS_BASE = 'https://axiom.co/docs/apl/';

export type FunctionKind = 'scalar' | 'aggregation';

export type FunctionCategory =
  | 'aggregation'
  | 'array'
  | 'conditional'
  | 'conversion'
  | 'datetime'
  | 'genai'
  | 'hash'
  | 'ip'
  | 'math'
  | 'metadata'
  | 'pair'
  | 'rounding'
  | 'sql'
  | 'string'
  | 'series'
  | 'type'
  | 'literal';

export interface AplFunction {
  name: string;
  kind: FunctionKind;
  category: FunctionCategory;
  /** As the reference writes it: `name(param, [optional])`. */
  signature: string;
  /** The parameters, optional ones included, in order (for snippets and signature help). */
  parameters: string[];
  description: string;
  /** The function's page in Axiom's APL reference. */
  doc: string;
}

export interface AplOperator {
  name: string;
  syntax: string;
  description: string;
  doc: string;
}

export interface AplWord {
  name: string;
  description: string;
  doc?: string;
}

/** Each category's folder in the reference. */
const CATEGORIES: Record<FunctionCategory, { folder: string }> = {
  aggregation: { folder: 'aggregation-function' },
  array: { folder: 'scalar-functions/array-functions' },
  conditional: { folder: 'scalar-functions/conditional-function' },
  conversion: { folder: 'scalar-functions/conversion-functions' },
  datetime: { folder: 'scalar-functions/datetime-functions' },
  genai: { folder: 'scalar-functions/genai-functions' },
  hash: { folder: 'scalar-functions/hash-functions' },
  ip: { folder: 'scalar-functions/ip-functions' },
  math: { folder: 'scalar-functions/mathematical-functions' },
  metadata: { folder: 'scalar-functions/metadata-functions' },
  pair: { folder: 'scalar-functions/pair-functions' },
  rounding: { folder: 'scalar-functions/rounding-functions' },
  sql: { folder: 'scalar-functions/sql-functions' },
  string: { folder: 'scalar-functions/string-functions' },
  series: { folder: 'scalar-functions/time-series' },
  type: { folder: 'scalar-functions/type-functions' },
  literal: { folder: 'data-types/scalar-data-types' },
};

/** The label each category shows in hover: a vocabulary the VS Code side translates (platform/l10n.ts `translated`), as every core table of words. */
export const CATEGORY_LABELS: Record<FunctionCategory, string> = {
  aggregation: 'aggregation function',
  array: 'array function',
  conditional: 'conditional function',
  conversion: 'conversion function',
  datetime: 'datetime function',
  genai: 'GenAI function',
  hash: 'hash function',
  ip: 'IP function',
  math: 'mathematical function',
  metadata: 'metadata function',
  pair: 'pair function',
  rounding: 'rounding function',
  sql: 'SQL function',
  string: 'string function',
  series: 'time series function',
  type: 'type function',
  literal: 'literal',
};

/** A category's label in English (for what is not shown to a person as it is: agents' reports). */
export function categoryLabel(category: FunctionCategory): string {
  return CATEGORY_LABELS[category];
}

/** Pages named otherwise than the function: synonyms share one page. */
const PAGE_OF: Record<string, string> = { tolong: 'toint', toreal: 'todouble', pack: 'bag_pack' };

type Row = [signature: string, description: string];

const TABLE: Record<FunctionCategory, Row[]> = {
  aggregation: [
    ['arg_max(expression, field1, [field2, ...])', 'The given fields of the row where the expression is largest.'],
    ['arg_min(expression, field1, [field2, ...])', 'The given fields of the row where the expression is smallest.'],
    ['avg(expression)', 'The mean of the expression over each group.'],
    ['avgif(expression, predicate)', 'The mean of the expression over the rows where the predicate holds.'],
    ['count()', 'How many rows each group has.'],
    ['countif(predicate)', 'How many rows of each group satisfy the predicate.'],
    ['dcount(expression)', 'An estimate of how many distinct values the expression takes in each group.'],
    [
      'dcountif(expression, predicate)',
      'An estimate of the distinct values of the expression among the rows where the predicate holds.',
    ],
    ['histogram(expression, bins)', 'Spreads the numeric values of each group over the given number of buckets.'],
    ['histogramif(expression, bins, predicate)', 'A histogram of the rows where the predicate holds.'],
    [
      'make_list_if(expression, predicate, [max_size])',
      'Collects the values of the expression from the rows where the predicate holds into an array.',
    ],
    ['make_list(expression, [max_size])', 'Collects every value of the expression in the group into an array.'],
    [
      'make_set_if(expression, predicate, [max_size])',
      'An array of the distinct values of the expression from the rows where the predicate holds.',
    ],
    ['make_set(expression, [max_size])', 'An array of the distinct values the expression takes in the group.'],
    ['max(expression)', 'The largest value of the expression in each group.'],
    ['maxif(expression, predicate)', 'The largest value among the rows where the predicate holds.'],
    ['min(expression)', 'The smallest value of the expression in each group.'],
    ['minif(expression, predicate)', 'The smallest value among the rows where the predicate holds.'],
    [
      'percentile(expression, percentile)',
      'An estimate of the value below which the given percentage of the group falls.',
    ],
    [
      'percentileif(expression, percentile, predicate)',
      'A percentile estimated over the rows where the predicate holds.',
    ],
    [
      'percentiles_array(expression, percentile1, [percentile2, ...])',
      'Several percentile estimates at once, as an array.',
    ],
    [
      'percentiles_arrayif(expression, percentiles, predicate)',
      'An array of percentile estimates over the rows where the predicate holds.',
    ],
    ['rate(expression)', 'How fast the summed value grows, per second, in each group.'],
    [
      'spotlight(selection, field1, [field2, ...])',
      'Finds the field values that set the selected rows apart from the rest.',
    ],
    ['stdev(expression)', 'The standard deviation of the expression over each group.'],
    ['stdevif(expression, predicate)', 'The standard deviation over the rows where the predicate holds.'],
    ['sum(expression)', 'The total of the expression over each group.'],
    ['sumif(expression, predicate)', 'The total over the rows where the predicate holds.'],
    ['topk(expression, k)', 'An estimate of the k most frequent values of the expression.'],
    ['topkif(expression, k, predicate)', 'The k most frequent values among the rows where the predicate holds.'],
    ['variance(expression)', 'The variance of the expression over each group.'],
    ['varianceif(expression, predicate)', 'The variance over the rows where the predicate holds.'],
    ['phrases(expression, [max_phrases])', 'Finds and counts recurring word sequences in a text field.'],
  ],
  array: [
    ['array_concat(array1, [array2, ...])', 'Joins arrays end to end into one.'],
    ['array_extract(array, json_path)', 'Picks values out of an array of objects with a JSONPath expression.'],
    [
      'array_iff(conditions, if_true, if_false)',
      'Chooses element by element between two arrays, following an array of booleans.',
    ],
    [
      'array_index_of(array, value, [start], [length], [occurrence])',
      'The position of a value in an array, or -1 when it is absent.',
    ],
    ['array_length(array)', 'How many elements an array holds.'],
    ['array_reverse(array)', 'The same elements in the opposite order.'],
    [
      'array_rotate_left(array, positions)',
      'Moves every element left by some positions, wrapping around at the start.',
    ],
    [
      'array_rotate_right(array, positions)',
      'Moves every element right by some positions, wrapping around at the end.',
    ],
    ['array_select_dict(array, key, value)', 'The first object in an array whose key has the given value.'],
    [
      'array_shift_left(array, [positions], [fill])',
      'Moves the elements left, dropping those that fall off and filling the end.',
    ],
    [
      'array_shift_right(array, [positions], [fill])',
      'Moves the elements right, dropping those that fall off and filling the start.',
    ],
    ['array_slice(array, start, end)', 'The elements between two positions, both included.'],
    ['array_sort_asc(array)', 'The elements sorted from smallest to largest.'],
    ['array_sort_desc(array)', 'The elements sorted from largest to smallest.'],
    ['array_split(array, indexes)', 'Cuts an array into pieces at the given positions.'],
    ['array_sum(array)', 'Adds up the numbers of an array.'],
    ['bag_has_key(bag, key)', 'Whether a dynamic object has the given key.'],
    ['bag_keys(bag)', 'The keys of a dynamic object, as an array.'],
    ['bag_pack(key1, value1, [key2, value2, ...])', 'Builds a dynamic object from keys and values given in turn.'],
    ['bag_zip(keys, values)', 'Builds a dynamic object from an array of keys and an array of values.'],
    ['isarray(value)', 'Whether the value is a dynamic array.'],
    ['len(value)', 'The length of a string or of an array.'],
    ['pack_array(value1, [value2, ...])', 'Makes a dynamic array of its arguments.'],
    [
      'pack_dictionary(key1, value1, [key2, value2, ...])',
      'Builds a dynamic object from keys and values given in turn.',
    ],
    ['pack(key1, value1, [key2, value2, ...])', 'Another name of bag_pack: an object from keys and values.'],
    ['strcat_array(array, delimiter)', 'Joins the elements of an array into a string, with a delimiter between them.'],
  ],
  conditional: [
    [
      'case(predicate1, then1, [predicate2, then2, ...], else)',
      'The value paired with the first predicate that holds, or the last argument when none does.',
    ],
    ['iff(predicate, if_true, if_false)', 'One of two values, by whether the predicate holds.'],
  ],
  conversion: [
    ['dynamic_to_json(value)', 'Writes a dynamic value out as JSON text.'],
    ['ensure_field(name, type)', 'The field when the dataset has it, otherwise a null of the given type.'],
    ['isbool(value)', 'Whether the value is a boolean.'],
    ['toarray(value)', 'The value as a dynamic array (a single value becomes an array of one).'],
    ['tobool(value)', 'The value as a boolean, or null when it does not read as one.'],
    ['todatetime(value)', 'The value as a datetime, or null when it does not read as one.'],
    ['todouble(value)', 'The value as a real number.'],
    ['todynamic(value)', 'Parses JSON text into a dynamic value.'],
    ['tohex(value, [min_length])', 'The number written in hexadecimal.'],
    ['toint(value)', 'The value as an integer.'],
    ['tolong(value)', 'The value as a 64-bit integer (the same as toint).'],
    ['toreal(value)', 'The value as a real number (the same as todouble).'],
    ['tostring(value)', 'The value as text.'],
    ['totimespan(value)', 'The value as a timespan.'],
  ],
  datetime: [
    ['ago(timespan)', 'The time that long before now.'],
    ['datetime_add(part, amount, datetime)', 'A datetime moved by an amount of the given part (day, hour, …).'],
    ['datetime_diff(part, datetime1, datetime2)', 'How many of the given part lie between two datetimes.'],
    ['datetime_part(part, datetime)', 'One part of a datetime, such as its year or its minute, as a number.'],
    ['dayofmonth(datetime)', 'The day of the month, from 1.'],
    ['dayofweek(datetime)', 'How long since the Sunday that began the week, as a timespan.'],
    ['dayofyear(datetime)', 'The day of the year, from 1.'],
    ['endofday(datetime, [offset])', 'The last moment of the day, optionally some days later.'],
    ['endofmonth(datetime, [offset])', 'The last moment of the month, optionally some months later.'],
    ['endofweek(datetime, [offset])', 'The last moment of the week, optionally some weeks later.'],
    ['endofyear(datetime, [offset])', 'The last moment of the year, optionally some years later.'],
    ['getmonth(datetime)', 'The month as a number from 1 to 12.'],
    ['getyear(datetime)', 'The year as a number.'],
    ['hourofday(datetime)', 'The hour as a number from 0 to 23.'],
    ['monthofyear(datetime)', 'The month as a number from 1 to 12.'],
    ['now([offset])', 'The current time in UTC, optionally shifted by a timespan.'],
    ['startofday(datetime, [offset])', 'Midnight at the start of the day, optionally some days later.'],
    ['startofmonth(datetime, [offset])', 'The first moment of the month, optionally some months later.'],
    ['startofweek(datetime, [offset])', 'The first moment of the week (a Sunday), optionally some weeks later.'],
    ['startofyear(datetime, [offset])', 'The first moment of the year, optionally some years later.'],
    ['unixtime_microseconds_todatetime(microseconds)', 'The datetime of a Unix time counted in microseconds.'],
    ['unixtime_milliseconds_todatetime(milliseconds)', 'The datetime of a Unix time counted in milliseconds.'],
    ['unixtime_nanoseconds_todatetime(nanoseconds)', 'The datetime of a Unix time counted in nanoseconds.'],
    ['unixtime_seconds_todatetime(seconds)', 'The datetime of a Unix time counted in seconds.'],
    ['week_of_year(datetime)', 'The ISO 8601 week number.'],
  ],
  genai: [
    ['genai_concat_contents(messages, [separator])', 'Joins the text of every message of a conversation.'],
    ['genai_conversation_turns(messages)', 'How many exchanges a conversation holds.'],
    ['genai_cost(model, input_tokens, output_tokens)', 'What the tokens of a call cost with the given model.'],
    ['genai_estimate_tokens(text)', 'A rough count of the tokens a text would take.'],
    ['genai_extract_assistant_response(messages)', "The text of the assistant's last answer."],
    ['genai_extract_function_results(messages)', 'The results that function or tool calls returned.'],
    ['genai_extract_system_prompt(messages)', 'The text of the system message.'],
    ['genai_extract_tool_calls(messages)', 'The tool calls the assistant asked for.'],
    ['genai_extract_user_prompt(messages)', "The text of the user's last message."],
    ['genai_get_content_by_index(messages, index)', 'The text of the message at a position.'],
    ['genai_get_content_by_role(messages, role)', 'The text of the first message with the given role.'],
    ['genai_get_pricing(model)', 'The price per token of a model, as a dynamic object.'],
    ['genai_get_role(messages, index)', 'The role of the message at a position.'],
    ['genai_has_tool_calls(messages)', 'Whether any message asks for a tool call.'],
    ['genai_input_cost(model, input_tokens)', 'What the input tokens cost with the given model.'],
    ['genai_is_truncated(messages, [finish_reason])', 'Whether the answer was cut off before it ended.'],
    ['genai_message_roles(messages)', 'The roles of the messages, in order.'],
    ['genai_output_cost(model, output_tokens)', 'What the output tokens cost with the given model.'],
  ],
  hash: [
    ['hash_md5(value)', 'The MD5 digest of the value, in hexadecimal.'],
    ['hash_sha1(value)', 'The SHA-1 digest of the value, in hexadecimal.'],
    ['hash_sha256(value)', 'The SHA-256 digest of the value, in hexadecimal.'],
    ['hash_sha512(value)', 'The SHA-512 digest of the value, in hexadecimal.'],
    ['hash(value, [mod])', 'A 64-bit integer hash of the value, optionally modulo a number.'],
  ],
  ip: [
    ['format_ipv4_mask(ip, [prefix])', 'Writes an IPv4 address and prefix length as CIDR text.'],
    ['format_ipv4(ip, [prefix])', 'Writes an IPv4 address in dotted form, optionally masked.'],
    ['geo_info_from_ip_address(ip)', 'Where an IP address is located: country, city, coordinates.'],
    [
      'has_any_ipv4_prefix(text, prefixes)',
      'Whether the text holds an IPv4 address starting with any of the prefixes.',
    ],
    ['has_any_ipv4(text, addresses)', 'Whether the text holds any of the IPv4 addresses.'],
    ['has_ipv4_prefix(text, prefix)', 'Whether the text holds an IPv4 address starting with the prefix.'],
    ['has_ipv4(text, address)', 'Whether the text holds the IPv4 address.'],
    ['ipv4_compare(ip1, ip2, [prefix])', 'Compares two IPv4 addresses: negative, zero or positive.'],
    ['ipv4_is_in_any_range(ip, ranges)', 'Whether an IPv4 address lies in any of the CIDR ranges.'],
    ['ipv4_is_in_range(ip, range)', 'Whether an IPv4 address lies in a CIDR range.'],
    ['ipv4_is_match(ip1, ip2, [prefix])', 'Whether two IPv4 addresses are equal, optionally under a prefix mask.'],
    ['ipv4_is_private(ip)', 'Whether an IPv4 address belongs to a private network.'],
    ['ipv4_netmask_suffix(ip)', 'The prefix length of an IPv4 address written with a mask.'],
    ['ipv6_compare(ip1, ip2, [prefix])', 'Compares two IPv6 addresses: negative, zero or positive.'],
    ['ipv6_is_in_any_range(ip, ranges)', 'Whether an IPv6 address lies in any of the ranges.'],
    ['ipv6_is_in_range(ip, range)', 'Whether an IPv6 address lies in a CIDR range.'],
    ['ipv6_is_match(ip1, ip2, [prefix])', 'Whether two IPv6 addresses are equal, optionally under a prefix mask.'],
    ['parse_ipv4_mask(ip, prefix)', 'An IPv4 address with a mask as a long integer.'],
    ['parse_ipv4(ip)', 'An IPv4 address as a long integer.'],
  ],
  math: [
    ['abs(x)', 'The absolute value.'],
    ['acos(x)', 'The arc cosine, in radians.'],
    ['asin(x)', 'The arc sine, in radians.'],
    ['atan(x)', 'The arc tangent, in radians.'],
    ['atan2(y, x)', 'The angle in radians from the x-axis to the point (x, y).'],
    ['cos(x)', 'The cosine of an angle in radians.'],
    ['cot(x)', 'The cotangent of an angle in radians.'],
    ['degrees(radians)', 'Radians turned into degrees.'],
    ['exp(x)', 'e raised to the power x.'],
    ['exp10(x)', '10 raised to the power x.'],
    ['exp2(x)', '2 raised to the power x.'],
    ['gamma(x)', 'The gamma function of x.'],
    ['isfinite(x)', 'Whether the number is neither infinite nor NaN.'],
    ['isinf(x)', 'Whether the number is infinite.'],
    ['isint(x)', 'Whether the value is a whole number.'],
    ['isnan(x)', 'Whether the number is NaN.'],
    ['log(x)', 'The natural logarithm.'],
    ['log10(x)', 'The base-10 logarithm.'],
    ['log2(x)', 'The base-2 logarithm.'],
    ['loggamma(x)', 'The logarithm of the absolute gamma function.'],
    ['max_of(value1, value2, [...])', 'The largest of its arguments.'],
    ['min_of(value1, value2, [...])', 'The smallest of its arguments.'],
    ['not(predicate)', 'The opposite of a boolean.'],
    ['pi()', 'The number π.'],
    ['pow(base, exponent)', 'A number raised to a power.'],
    ['radians(degrees)', 'Degrees turned into radians.'],
    ['rand([range])', 'A random number from 0 up to 1, or an integer below the range.'],
    ['range(start, stop, [step])', 'An array of evenly spaced values from start to stop.'],
    ['round(x, [precision])', 'The number rounded to some decimal places.'],
    ['set_difference(set1, set2, [...])', 'The elements of the first array that no other array has.'],
    ['set_has_element(set, value)', 'Whether the array holds the value.'],
    ['set_intersect(set1, set2, [...])', 'The elements every array has.'],
    ['set_union(set1, set2, [...])', 'The distinct elements of all the arrays.'],
    ['sign(x)', '-1, 0 or 1 by the sign of the number.'],
    ['sin(x)', 'The sine of an angle in radians.'],
    ['sqrt(x)', 'The square root.'],
    ['tan(x)', 'The tangent of an angle in radians.'],
  ],
  metadata: [
    ['column_ifexists(name, default)', 'The field of that name when the dataset has one, otherwise the default.'],
    ['cursor_current()', 'A cursor that marks where the current data ends.'],
    ['ingestion_time()', 'When Axiom received the row.'],
  ],
  pair: [
    [
      'find_pair(array, key_pattern, value_pattern, [separator])',
      'The first key-value pair in an array whose key and value match the patterns.',
    ],
    ['pair(key, value, [separator])', 'Writes a key and a value as one pair string.'],
    ['parse_pair(pair, [separator])', 'Reads a pair string into its key and its value.'],
  ],
  rounding: [
    ['bin(value, size)', 'Rounds down to a multiple of the size: puts values, often times, into buckets.'],
    ['bin_auto(expression)', "Buckets times by a size chosen from the query's time range."],
    ['ceiling(x)', 'The smallest integer not below the number.'],
    ['floor(x)', 'The largest integer not above the number.'],
  ],
  sql: [
    ['format_sql(model)', 'Writes a parsed SQL model back out as SQL text.'],
    ['parse_sql(statement)', 'Reads an SQL statement into a structured model.'],
  ],
  string: [
    ['base64_decode_toarray(base64)', 'The bytes of base64 text, as an array of numbers.'],
    ['base64_decode_tostring(base64)', 'Base64 text decoded to UTF-8 text.'],
    ['base64_encode_fromarray(bytes)', 'An array of bytes encoded as base64 text.'],
    ['base64_encode_tostring(text)', 'Text encoded as base64.'],
    ['coalesce(value1, value2, [...])', 'The first argument that is not null or empty.'],
    ['countof_regex(regex, text)', 'How many times the regular expression matches in the text.'],
    ['countof(search, text)', 'How many times a substring occurs in the text.'],
    [
      'extract_all(regex, [groups], text)',
      'Every match of a regular expression, with its capture groups, as an array.',
    ],
    ['extract(regex, group, text)', 'The first match of a regular expression, or one of its capture groups.'],
    ['format_bytes(value, [precision], [unit], [base])', 'A byte count written with a unit, such as 1.5 MB.'],
    ['format_url(parts)', 'Builds a URL from a dynamic object of its parts.'],
    ['gettype(value)', "The name of the value's type."],
    ['indexof(text, search, [start], [length], [occurrence])', 'Where a substring first occurs in the text, or -1.'],
    [
      'indexof_regex(text, regex, [start], [occurrence], [length])',
      'Where a regular expression first matches in the text, or -1.',
    ],
    ['isascii(text)', 'Whether every character is ASCII.'],
    ['isempty(value)', 'Whether the value is null or an empty string.'],
    ['isnotempty(value)', 'Whether the value is neither null nor an empty string.'],
    ['isnotnull(value)', 'Whether the value is not null.'],
    ['isnull(value)', 'Whether the value is null.'],
    ['parse_bytes(text, [base])', 'Reads a size such as "1.5 MB" into a number of bytes.'],
    ['parse_csv(text)', 'Splits one line of CSV into an array of its values.'],
    ['parse_json(text)', 'Parses JSON text into a dynamic value.'],
    ['parse_path(path)', 'Splits a file path into its parts.'],
    ['parse_url(url)', 'Splits a URL into scheme, host, port, path, query and fragment.'],
    ['parse_urlquery(query)', 'Reads the parameters of a URL query string into a dynamic object.'],
    ['quote(text)', 'The text in quotes, with its special characters escaped.'],
    ['regex_quote(text)', 'The text with every regular expression character escaped, to match it literally.'],
    [
      'replace_regex(regex, rewrite, text)',
      'Replaces every match of a regular expression; \\1 and so on refer to capture groups.',
    ],
    ['replace_string(search, rewrite, text)', 'Replaces every occurrence of a substring.'],
    ['replace(regex, rewrite, text)', 'Replaces every match of a regular expression.'],
    ['reverse(text)', 'The characters of the text in the opposite order.'],
    ['split(text, delimiter, [index])', 'Cuts the text at each delimiter into an array.'],
    [
      'strcat_delim(delimiter, value1, value2, [...])',
      'Joins its arguments into a string with a delimiter between them.',
    ],
    ['strcat(value1, [value2, ...])', 'Joins its arguments into one string.'],
    ['strcmp(text1, text2)', 'Compares two strings: negative, zero or positive.'],
    ['string_size(text)', 'The length of the text in bytes.'],
    ['strip_ansi_escapes(text)', 'Removes terminal colour and control codes from the text.'],
    ['strlen(text)', 'The number of characters in the text.'],
    ['strrep(text, times, [delimiter])', 'The text repeated some times.'],
    ['substring(text, start, [length])', 'The part of the text from a position, optionally of a length.'],
    ['tolower(text)', 'The text in lower case.'],
    ['totitle(text)', 'The text with each word capitalised.'],
    ['toupper(text)', 'The text in upper case.'],
    ['translate(from, to, text)', 'Replaces each character of one list by the character at the same place in another.'],
    ['trim_end_regex(regex, text)', 'Removes matches of a regular expression from the end of the text.'],
    ['trim_end(characters, text)', 'Removes the given characters from the end of the text.'],
    ['trim_regex(regex, text)', 'Removes matches of a regular expression from both ends of the text.'],
    ['trim_space(text)', 'Removes white space from both ends of the text.'],
    ['trim_start_regex(regex, text)', 'Removes matches of a regular expression from the start of the text.'],
    ['trim_start(characters, text)', 'Removes the given characters from the start of the text.'],
    ['trim(characters, text)', 'Removes the given characters from both ends of the text.'],
    ['unicode_codepoints_from_string(text)', 'The Unicode code points of the text, as an array.'],
    ['unicode_codepoints_to_string(codepoints)', 'Builds text from an array of Unicode code points.'],
    ['url_decode(text)', 'Decodes percent-encoded URL text.'],
    ['url_encode(text)', 'Percent-encodes text for use in a URL.'],
  ],
  series: [
    ['series_abs(series)', 'The absolute value of each element.'],
    ['series_acos(series)', 'The arc cosine of each element.'],
    ['series_add(series1, series2)', 'Adds two series element by element.'],
    ['series_asin(series)', 'The arc sine of each element.'],
    ['series_atan(series)', 'The arc tangent of each element.'],
    ['series_ceiling(series)', 'Each element rounded up.'],
    ['series_cos(series)', 'The cosine of each element.'],
    ['series_cosine_similarity(series1, series2)', 'How alike two series point, from -1 to 1.'],
    ['series_divide(series1, series2)', 'Divides two series element by element.'],
    ['series_dot_product(series1, series2)', 'The sum of the products of matching elements.'],
    ['series_equals(series1, series2)', 'Whether matching elements are equal, element by element.'],
    ['series_exp(series)', 'e raised to each element.'],
    ['series_fft(real, [imaginary])', 'The fast Fourier transform of a series.'],
    ['series_fill_backward(series)', 'Fills each gap with the next known value.'],
    ['series_fill_const(series, value)', 'Fills each gap with a constant.'],
    ['series_fill_forward(series)', 'Fills each gap with the last known value.'],
    ['series_fill_linear(series)', 'Fills each gap by drawing a straight line between its neighbours.'],
    ['series_fir(series, filter)', 'Runs a finite impulse response filter over a series.'],
    ['series_floor(series)', 'Each element rounded down.'],
    ['series_greater(series1, series2)', 'Whether each element is greater than its match.'],
    ['series_greater_equals(series1, series2)', 'Whether each element is at least its match.'],
    ['series_ifft(real, [imaginary])', 'The inverse fast Fourier transform of a series.'],
    ['series_iir(series, numerators, denominators)', 'Runs an infinite impulse response filter over a series.'],
    ['series_less(series1, series2)', 'Whether each element is less than its match.'],
    ['series_less_equals(series1, series2)', 'Whether each element is at most its match.'],
    ['series_log(series)', 'The natural logarithm of each element.'],
    ['series_magnitude(series)', 'The length of the series taken as a vector.'],
    ['series_max(series1, series2)', 'The larger of matching elements.'],
    ['series_min(series1, series2)', 'The smaller of matching elements.'],
    ['series_multiply(series1, series2)', 'Multiplies two series element by element.'],
    ['series_not_equals(series1, series2)', 'Whether matching elements differ, element by element.'],
    ['series_pearson_correlation(series1, series2)', 'How closely two series move together, from -1 to 1.'],
    ['series_pow(series, power)', 'Each element raised to a power.'],
    ['series_sign(series)', '-1, 0 or 1 for each element.'],
    ['series_sin(series)', 'The sine of each element.'],
    ['series_stats(series)', 'Minimum, maximum, mean, deviation and more of a series, as fields.'],
    ['series_stats_dynamic(series)', 'Minimum, maximum, mean, deviation and more of a series, as one object.'],
    ['series_subtract(series1, series2)', 'Subtracts two series element by element.'],
    ['series_sum(series)', 'The total of the elements.'],
    ['series_tan(series)', 'The tangent of each element.'],
  ],
  type: [
    ['iscc(value)', 'Whether the value reads as a credit card number.'],
    ['isimei(value)', 'Whether the value reads as an IMEI number.'],
    ['ismap(value)', 'Whether the value is a dynamic object (a map).'],
    ['isreal(value)', 'Whether the value is a real number.'],
    ['isstring(value)', 'Whether the value is a string.'],
    ['isutf8(value)', 'Whether the value is valid UTF-8.'],
  ],
  literal: [
    ['datetime(value)', 'A datetime literal, such as datetime(2024-01-31 08:00), or datetime(null).'],
    ['dynamic(value)', 'A dynamic literal: JSON-like arrays and objects, or a single value.'],
    ['timespan(value)', 'A timespan literal, such as timespan(15m).'],
    ['time(value)', 'A timespan literal (time is another name of timespan).'],
    ['bool(value)', 'A boolean literal: true, false or null.'],
    ['int(value)', 'An integer literal, or int(null).'],
    ['long(value)', 'A 64-bit integer literal, or long(null).'],
    ['real(value)', 'A real number literal, or real(null).'],
    ['double(value)', 'A real number literal (double is another name of real).'],
    ['typeof(type)', 'Names a type, as in mv-expand … to typeof(string).'],
  ],
};

/** `name(a, [b], [c, ...])` → ['a', 'b', 'c', '...']: what goes between the parentheses. */
export function parametersOf(signature: string): string[] {
  const inner = signature.slice(signature.indexOf('(') + 1, signature.lastIndexOf(')'));
  return inner
    .split(',')
    .map((p) => p.replace(/[[\]]/g, '').trim())
    .filter(Boolean);
}

function pageOf(category: FunctionCategory, name: string): string {
  if (category === 'literal') return `${DOCS_BASE}${CATEGORIES.literal.folder}`;
  return `${DOCS_BASE}${CATEGORIES[category].folder}/${(PAGE_OF[name] ?? name).replace(/_/g, '-')}`;
}

export const FUNCTIONS: readonly AplFunction[] = (Object.entries(TABLE) as [FunctionCategory, Row[]][]).flatMap(
  ([category, rows]) =>
    rows.map(([signature, description]) => {
      const name = signature.slice(0, signature.indexOf('('));
      return {
        name,
        kind: category === 'aggregation' ? 'aggregation' : 'scalar',
        category,
        signature,
        parameters: parametersOf(signature),
        description,
        doc: pageOf(category, name),
      } satisfies AplFunction;
    }),
);

const FUNCTION_BY_NAME = new Map(FUNCTIONS.map((f) => [f.name, f]));

/** The functions' names, frozen: suggest() keeps its answers for a list that cannot change. */
export const FUNCTION_NAMES: readonly string[] = Object.freeze(FUNCTIONS.map((f) => f.name));

export function findFunction(name: string): AplFunction | undefined {
  return FUNCTION_BY_NAME.get(name);
}

/** The tabular operators that follow a pipe, with their syntax. */
export const TABULAR_OPERATORS: readonly AplOperator[] = (
  [
    ['count', '| count', 'Replaces the rows by a single row holding how many there were.', 'count-operator'],
    [
      'distinct',
      '| distinct field1, [field2, ...]',
      'One row for each distinct combination of the given fields.',
      'distinct-operator',
    ],
    ['extend', '| extend name = expression, [...]', 'Adds computed fields to every row.', 'extend-operator'],
    [
      'extend-valid',
      '| extend-valid name = expression, [...]',
      'Adds computed fields, setting them only where the expression gives a valid value.',
      'extend-valid-operator',
    ],
    [
      'externaldata',
      'externaldata (field:type, [...]) ["url", ...] [with (format = "csv")]',
      'Reads rows of the given schema from files at URLs.',
      'externaldata-operator',
    ],
    ['getschema', '| getschema', 'The fields of the input and their types, one row per field.', 'getschema-operator'],
    [
      'join',
      '| join [kind=inner|innerunique|leftouter|rightouter|fullouter|leftanti|rightanti|leftsemi|rightsemi] (right) on conditions',
      'Combines each row with the rows of another table that match on the conditions.',
      'join-operator',
    ],
    ['limit', '| limit n', 'Keeps at most n rows.', 'limit-operator'],
    [
      'lookup',
      '| lookup [kind=leftouter|inner] table on conditions',
      'Adds the fields of the matching row of a lookup table to each row.',
      'lookup-operator',
    ],
    [
      'make-series',
      '| make-series aggregation [default = value] on time_field [from start] [to end] step size [by field, ...]',
      'Turns the rows into time series: one array of aggregated values per group.',
      'make-series',
    ],
    [
      'mv-expand',
      '| mv-expand [kind=bag|array] [with_itemindex=name] field [to typeof(type)] [limit n]',
      'Makes one row per element of an array or property bag field.',
      'mv-expand',
    ],
    [
      'order',
      '| order by field [asc|desc] [nulls first|last], [...]',
      'Sorts the rows (another name of sort).',
      'order-operator',
    ],
    [
      'parse',
      '| parse [kind=simple|regex|relaxed] expression with [*] "text" name [: type] [*] ...',
      'Reads new fields out of a string by a pattern of literal text and field names.',
      'parse-operator',
    ],
    [
      'parse-kv',
      '| parse-kv expression as (key1 [: type], ...) with (pair_delimiter = "x", kv_delimiter = "y", [...])',
      'Reads key-value pairs out of a string into fields.',
      'parse-kv',
    ],
    [
      'parse-where',
      '| parse-where [kind=simple|regex] expression with [*] "text" name [: type] [*] ...',
      'Like parse, but drops the rows whose string does not match the pattern.',
      'parse-where',
    ],
    [
      'project-away',
      '| project-away field1, [field2, ...]',
      'Removes the given fields and keeps all the others.',
      'project-away-operator',
    ],
    [
      'project-keep',
      '| project-keep field1, [field2, ...]',
      'Keeps only the given fields (wildcards allowed), in their original order.',
      'project-keep-operator',
    ],
    ['project-rename', '| project-rename new_name = old_name, [...]', 'Gives fields new names.', 'project-rename'],
    [
      'project-reorder',
      '| project-reorder field1 [asc|desc|granny-asc|granny-desc], [...]',
      'Moves the given fields to the front, in the order given; the rest follow.',
      'project-reorder-operator',
    ],
    [
      'project',
      '| project field1, [name = expression, ...]',
      'Keeps only the given fields and computed ones, in that order.',
      'project-operator',
    ],
    [
      'redact',
      '| redact [replaceToken="*"] [replaceHash=false] [redactGroups=false] regex, [...] [on field]',
      'Masks or hashes the parts of fields that match regular expressions.',
      'redact-operator',
    ],
    ['sample', '| sample n', 'Keeps a random selection of rows.', 'sample-operator'],
    [
      'search',
      '| search [kind=case_sensitive|case_insensitive] predicate',
      'Keeps the rows where a term appears in any field.',
      'search-operator',
    ],
    [
      'sort',
      '| sort by field [asc|desc] [nulls first|last], [...]',
      'Sorts the rows by the given fields (descending unless asc is given).',
      'sort-operator',
    ],
    [
      'summarize',
      '| summarize [name =] aggregation, [...] [by [name =] expression, ...]',
      'Groups the rows and computes aggregations for each group.',
      'summarize-operator',
    ],
    ['take', '| take n', 'Keeps at most n rows, in no particular order.', 'take-operator'],
    [
      'top',
      '| top n by expression [asc|desc] [nulls first|last]',
      'The first n rows by the given sort order.',
      'top-operator',
    ],
    [
      'union',
      '| union [withsource=name] table1, [table2, ...]',
      'Appends the rows of other datasets or queries.',
      'union-operator',
    ],
    ['where', '| where predicate', 'Keeps only the rows where the predicate holds.', 'where-operator'],
  ] as const
).map(([name, syntax, description, page]) => ({
  name,
  syntax,
  description,
  doc: `${DOCS_BASE}tabular-operators/${page}`,
}));

const OPERATOR_BY_NAME = new Map(TABULAR_OPERATORS.map((o) => [o.name, o]));

/** The tabular operators' names, frozen (as FUNCTION_NAMES). */
export const OPERATOR_NAMES: readonly string[] = Object.freeze(TABULAR_OPERATORS.map((o) => o.name));

export function findOperator(name: string): AplOperator | undefined {
  return OPERATOR_BY_NAME.get(name);
}

/** Words that may start a query instead of a dataset. */
export const QUERY_STARTS: readonly string[] = [
  'print',
  'range',
  'datatable',
  'union',
  'search',
  'externaldata',
  'let',
  'set',
];

const STRING_OPERATORS_DOC = `${DOCS_BASE}scalar-operators/string-operators`;
const LOGICAL_DOC = `${DOCS_BASE}scalar-operators/logical-operators`;
const IN_DOC = `${DOCS_BASE}scalar-operators/in-operators/`;

/** Words of an expression: operators written as words, and the constants. */
export const EXPRESSION_WORDS: readonly AplWord[] = [
  { name: 'and', description: 'True when both sides are true.', doc: LOGICAL_DOC },
  { name: 'or', description: 'True when either side is true.', doc: LOGICAL_DOC },
  { name: 'not', description: 'Turns true into false and false into true.', doc: LOGICAL_DOC },
  { name: 'between', description: 'value between (low .. high): whether the value lies in the range, ends included.' },
  { name: '!between', description: 'value !between (low .. high): whether the value lies outside the range.' },
  {
    name: 'in',
    description: 'value in (a, b, ...): whether the value equals one in the list (case-sensitive).',
    doc: `${IN_DOC}in-operator`,
  },
  {
    name: '!in',
    description: 'value !in (a, b, ...): whether the value equals none in the list (case-sensitive).',
    doc: `${IN_DOC}not-in-operator`,
  },
  {
    name: 'in~',
    description: 'value in~ (a, b, ...): whether the value equals one in the list, ignoring case.',
    doc: `${IN_DOC}in-tilde-operator`,
  },
  {
    name: '!in~',
    description: 'value !in~ (a, b, ...): whether the value equals none in the list, ignoring case.',
    doc: `${IN_DOC}not-in-tilde-operator`,
  },
  ...stringOperators(),
  { name: 'true', description: 'The boolean true.' },
  { name: 'false', description: 'The boolean false.' },
  { name: 'null', description: 'No value.' },
];

function stringOperators(): AplWord[] {
  const words: [string, string][] = [
    ['has', 'holds the right side as a whole term'],
    ['hasprefix', 'holds a term that starts with the right side'],
    ['hassuffix', 'holds a term that ends with the right side'],
    ['contains', 'holds the right side anywhere'],
    ['startswith', 'starts with the right side'],
    ['endswith', 'ends with the right side'],
  ];
  const out: AplWord[] = [];
  for (const [name, meaning] of words) {
    out.push({ name, description: `Whether the left side ${meaning}, ignoring case.`, doc: STRING_OPERATORS_DOC });
    out.push({
      name: `${name}_cs`,
      description: `Whether the left side ${meaning}, matching case.`,
      doc: STRING_OPERATORS_DOC,
    });
    out.push({
      name: `!${name}`,
      description: `Whether the left side does not hold what ${name} looks for, ignoring case.`,
      doc: STRING_OPERATORS_DOC,
    });
    out.push({
      name: `!${name}_cs`,
      description: `Whether the left side does not hold what ${name}_cs looks for, matching case.`,
      doc: STRING_OPERATORS_DOC,
    });
  }
  out.push({
    name: 'has_any',
    description: 'Whether the left side holds any of the listed terms, ignoring case.',
    doc: STRING_OPERATORS_DOC,
  });
  out.push({
    name: 'has_any_cs',
    description: 'Whether the left side holds any of the listed terms, matching case.',
    doc: STRING_OPERATORS_DOC,
  });
  out.push({
    name: 'matches regex',
    description: 'Whether the regular expression on the right matches somewhere in the left side.',
    doc: STRING_OPERATORS_DOC,
  });
  out.push({
    name: '!matches regex',
    description: 'Whether the regular expression on the right matches nowhere in the left side.',
    doc: STRING_OPERATORS_DOC,
  });
  return out;
}

const WORD_BY_NAME = new Map(EXPRESSION_WORDS.map((w) => [w.name, w]));

export function findExpressionWord(name: string): AplWord | undefined {
  return WORD_BY_NAME.get(name);
}

/** Words that operators take after their expressions: by, on, asc, … */
export const CLAUSE_WORDS: readonly string[] = [
  'by',
  'on',
  'kind',
  'with',
  'as',
  'asc',
  'desc',
  'nulls',
  'first',
  'last',
  'to',
  'from',
  'step',
  'default',
  'withsource',
  'with_itemindex',
  'granny-asc',
  'granny-desc',
];

/** The values join's and lookup's kind= takes, and those of the other operators. */
export const KIND_VALUES: readonly string[] = [
  'inner',
  'innerunique',
  'leftouter',
  'rightouter',
  'fullouter',
  'leftanti',
  'rightanti',
  'leftsemi',
  'rightsemi',
  'anti',
  'semi',
  'simple',
  'regex',
  'relaxed',
  'bag',
  'array',
  'case_sensitive',
  'case_insensitive',
];

/** Type names, as written after a colon or in typeof(). */
export const TYPE_NAMES: readonly string[] = [
  'bool',
  'boolean',
  'datetime',
  'date',
  'dynamic',
  'int',
  'long',
  'real',
  'double',
  'decimal',
  'string',
  'timespan',
  'time',
  'guid',
];
