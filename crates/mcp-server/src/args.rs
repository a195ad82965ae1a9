//! Reading tool arguments with errors that name the argument and the values it accepts.
//!
//! Unknown arguments are rejected rather than ignored: a misspelt `symbolkey` or `derivedtake` silently
//! falling back to a default would give the agent a confident wrong answer. `null` counts as absent,
//! because several clients send `null` for optional arguments they do not set.

use serde_json::{Map, Value};

use crate::error::ToolError;

pub(crate) type JsonObject = Map<String, Value>;

pub(crate) struct Args<'a> {
    map: &'a JsonObject,
    /// `scope.` for the members of the `scope` object, so errors name `scope.filePath`.
    prefix: &'static str,
}

impl<'a> Args<'a> {
    /// Checks that every argument is one of `accepted`.
    pub(crate) fn new(
        map: &'a JsonObject,
        prefix: &'static str,
        accepted: &[&str],
    ) -> Result<Args<'a>, ToolError> {
        let args = Args { map, prefix };
        if let Some(unknown) = map.keys().find(|name| !accepted.contains(&name.as_str())) {
            let suggestion = match accepted.iter().find(|a| a.eq_ignore_ascii_case(unknown)) {
                Some(meant) => format!(
                    "Did you mean `{}`? Names are case-sensitive.",
                    args.qualified(meant)
                ),
                None => format!("Remove `{}` and call again.", args.qualified(unknown)),
            };
            return Err(ToolError::invalid_argument(
                &args.qualified(unknown),
                format!(
                    "unknown argument `{}`; accepted: {}",
                    args.qualified(unknown),
                    accepted.join(", ")
                ),
            )
            .suggest(suggestion));
        }
        Ok(args)
    }

    fn qualified(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    fn get(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name).filter(|value| !value.is_null())
    }

    fn wrong_type(&self, name: &str, expected: &str, value: &Value) -> ToolError {
        ToolError::invalid_argument(
            &self.qualified(name),
            format!("`{}` must be {expected}, got {value}", self.qualified(name)),
        )
        .suggest(format!(
            "Pass `{}` as {expected}, or leave it out.",
            self.qualified(name)
        ))
    }

    pub(crate) fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub(crate) fn str(&self, name: &str) -> Result<Option<&'a str>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Err(ToolError::invalid_argument(
                &self.qualified(name),
                format!("`{}` must not be empty", self.qualified(name)),
            )
            .suggest(format!(
                "Give `{}` a value, or leave it out.",
                self.qualified(name)
            ))),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(other) => Err(self.wrong_type(name, "a string", other)),
        }
    }

    pub(crate) fn required_str(&self, name: &str) -> Result<&'a str, ToolError> {
        self.str(name)?.ok_or_else(|| {
            let name = self.qualified(name);
            // A symbolKey is never typed by hand: say where one comes from.
            let suggestion = if name == "symbolKey" {
                "Get a symbolKey from search_symbols, resolve_symbol or get_symbol_at_position and pass it unchanged.".to_owned()
            } else {
                format!("Add `{name}` (a string) and call again.")
            };
            ToolError::invalid_argument(&name, format!("missing required argument `{name}`"))
                .suggest(suggestion)
        })
    }

    pub(crate) fn bool(&self, name: &str, default: bool) -> Result<bool, ToolError> {
        match self.get(name) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(self.wrong_type(name, "true or false", other)),
        }
    }

    /// A count within `min..=max`. Integral floats (`5.0`) are accepted: JavaScript clients send them.
    pub(crate) fn count(
        &self,
        name: &str,
        default: usize,
        min: usize,
        max: usize,
    ) -> Result<usize, ToolError> {
        let Some(value) = self.get(name) else {
            return Ok(default);
        };
        let number = value.as_u64().or_else(|| {
            value
                .as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0)
                .map(|f| f as u64)
        });
        let Some(number) = number else {
            return Err(self.wrong_type(name, &format!("an integer from {min} to {max}"), value));
        };
        match usize::try_from(number) {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(ToolError::invalid_argument(
                &self.qualified(name),
                format!(
                    "`{}` must be from {min} to {max}, got {number}",
                    self.qualified(name)
                ),
            )
            .suggest(format!(
                "Pass a `{}` from {min} to {max}; page with skip for more results.",
                self.qualified(name)
            ))),
        }
    }

    /// One of a closed set of strings, e.g. `pathStyle`.
    pub(crate) fn choice<T: Copy>(
        &self,
        name: &str,
        choices: &[(&str, T)],
        default: T,
    ) -> Result<T, ToolError> {
        let Some(value) = self.get(name) else {
            return Ok(default);
        };
        let accepted = || {
            choices
                .iter()
                .map(|(s, _)| format!("'{s}'"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Value::String(s) = value else {
            return Err(self.wrong_type(name, &format!("one of {}", accepted()), value));
        };
        choices
            .iter()
            .find(|(c, _)| c == s)
            .map(|&(_, v)| v)
            .ok_or_else(|| {
                ToolError::invalid_argument(
                    &self.qualified(name),
                    format!(
                        "`{}` must be one of {}, got '{s}'",
                        self.qualified(name),
                        accepted()
                    ),
                )
                .suggest(format!(
                    "Pass one of {} as `{}`.",
                    accepted(),
                    self.qualified(name)
                ))
            })
    }

    pub(crate) fn object(&self, name: &str) -> Result<Option<&'a JsonObject>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Object(map)) => Ok(Some(map)),
            Some(other) => Err(self.wrong_type(name, "an object", other)),
        }
    }

    pub(crate) fn array(&self, name: &str) -> Result<Option<&'a [Value]>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Array(items)) => Ok(Some(items)),
            Some(other) => Err(self.wrong_type(name, "an array", other)),
        }
    }

    pub(crate) fn str_list(&self, name: &str) -> Result<Option<Vec<&'a str>>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|item| {
                    item.as_str()
                        .ok_or_else(|| self.wrong_type(name, "an array of strings", item))
                })
                .collect::<Result<_, _>>()
                .map(Some),
            Some(other) => Err(self.wrong_type(name, "an array of strings", other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};
    use serde_json::json;

    use super::*;

    fn check_error(
        arguments: Value,
        read: impl Fn(&Args<'_>) -> Result<(), ToolError>,
        expect: Expect,
    ) {
        let Value::Object(map) = arguments else {
            panic!("arguments must be an object")
        };
        let error = Args::new(
            &map,
            "",
            &["symbolKey", "take", "pathStyle", "kinds", "flag"],
        )
        .and_then(|args| read(&args))
        .expect_err("reading should fail");
        expect.assert_eq(&format!(
            "{}: {} | {}",
            error.parameter.unwrap_or_default(),
            error.message,
            error.suggestions.join(" ")
        ));
    }

    #[test]
    fn unknown_argument_is_named_with_the_accepted_ones() {
        check_error(
            json!({"symbolkey": "x"}),
            |_| Ok(()),
            expect![[
                r#"symbolkey: unknown argument `symbolkey`; accepted: symbolKey, take, pathStyle, kinds, flag | Did you mean `symbolKey`? Names are case-sensitive."#
            ]],
        );
    }

    #[test]
    fn missing_and_empty_required_strings() {
        check_error(
            json!({}),
            |a| a.required_str("symbolKey").map(drop),
            expect![
                "symbolKey: missing required argument `symbolKey` | Get a symbolKey from search_symbols, resolve_symbol or get_symbol_at_position and pass it unchanged."
            ],
        );
        check_error(
            json!({"symbolKey": "  "}),
            |a| a.required_str("symbolKey").map(drop),
            expect![
                "symbolKey: `symbolKey` must not be empty | Give `symbolKey` a value, or leave it out."
            ],
        );
        check_error(
            json!({"symbolKey": 3}),
            |a| a.required_str("symbolKey").map(drop),
            expect![
                "symbolKey: `symbolKey` must be a string, got 3 | Pass `symbolKey` as a string, or leave it out."
            ],
        );
    }

    #[test]
    fn counts_are_bounded_integers() {
        check_error(
            json!({"take": 9000}),
            |a| a.count("take", 50, 0, 500).map(drop),
            expect![
                "take: `take` must be from 0 to 500, got 9000 | Pass a `take` from 0 to 500; page with skip for more results."
            ],
        );
        check_error(
            json!({"take": -1}),
            |a| a.count("take", 50, 0, 500).map(drop),
            expect![
                "take: `take` must be an integer from 0 to 500, got -1 | Pass `take` as an integer from 0 to 500, or leave it out."
            ],
        );
        check_error(
            json!({"take": 2.5}),
            |a| a.count("take", 50, 0, 500).map(drop),
            expect![
                "take: `take` must be an integer from 0 to 500, got 2.5 | Pass `take` as an integer from 0 to 500, or leave it out."
            ],
        );
        let map = json!({"take": 5.0, "flag": null});
        let args = Args::new(map.as_object().unwrap(), "", &["take", "flag"]).unwrap();
        assert_eq!(args.count("take", 50, 0, 500), Ok(5));
        assert_eq!(args.bool("flag", true), Ok(true));
    }

    #[test]
    fn choices_list_the_accepted_values() {
        check_error(
            json!({"pathStyle": "windows"}),
            |a| {
                a.choice("pathStyle", &[("absolute", 0), ("relative", 1)], 0)
                    .map(drop)
            },
            expect![
                "pathStyle: `pathStyle` must be one of 'absolute', 'relative', got 'windows' | Pass one of 'absolute', 'relative' as `pathStyle`."
            ],
        );
        check_error(
            json!({"kinds": ["class", 1]}),
            |a| a.str_list("kinds").map(drop),
            expect![
                "kinds: `kinds` must be an array of strings, got 1 | Pass `kinds` as an array of strings, or leave it out."
            ],
        );
    }
}
