//! Reading a request: a text line (`[id] command args`) or a JSON object (`{"id", "command",
//! "args"}`), refusing JSON with a key given twice at any depth (serde would keep the last one
//! silently, and two readers of the same line could then disagree).

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{json, Map, Value};

use super::{clip, protocol_error, Failure};

/// A request: its id (if any), command and arguments.
pub(super) struct Request {
    pub id: Option<Value>,
    pub command: String,
    pub args: Vec<String>,
}

/// `[id] command args...`, words separated by white space; the id is a run of digits.
pub(super) fn parse_text(text: &str) -> Request {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or_default();
    let (id, command) = if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        let id = first.parse::<u64>().map_or(json!(first), |n| json!(n));
        (Some(id), words.next().unwrap_or_default())
    } else {
        (None, first)
    };
    Request {
        id,
        command: command.to_owned(),
        args: words.map(str::to_owned).collect(),
    }
}

/// A JSON request object.
pub(super) fn parse_json(text: &str) -> Result<Request, Failure> {
    let value = unique_keys(text)
        .map_err(|e| protocol_error(format!("the line is not a JSON object: {e}")))?;
    let Value::Object(object) = value else {
        return Err(protocol_error("a request is a JSON object"));
    };
    for key in object.keys() {
        if !matches!(key.as_str(), "id" | "command" | "args") {
            return Err(protocol_error(format!(
                "unknown request field '{}'; fields: id, command, args",
                clip(key)
            )));
        }
    }
    let command = match object.get("command") {
        Some(Value::String(c)) => c.clone(),
        _ => return Err(protocol_error("a request needs a 'command' string")),
    };
    let args = match object.get("args") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                // a JSON state for `load`, numbers and booleans as their JSON text
                other => other.to_string(),
            })
            .collect(),
        Some(_) => return Err(protocol_error("'args' must be a list")),
    };
    Ok(Request {
        id: object.get("id").cloned(),
        command,
        args,
    })
}

/// The `id` of a JSON request that is refused, so that its answer still names it (none when
/// the line is not an object with distinct keys: which id would it be?).
pub(super) fn id_of(text: &str) -> Option<Value> {
    match unique_keys(text).ok()? {
        Value::Object(mut object) => object.remove("id"),
        _ => None,
    }
}

/// The command of a line, read cheaply (`None` when the line is not a request): the session
/// looks at it while a search runs, to stop it on `stop` or `quit`.
pub(super) fn command_of(line: &[u8], json_mode: bool) -> Option<String> {
    let text = std::str::from_utf8(line).ok()?;
    if json_mode {
        parse_json(text).ok().map(|r| r.command)
    } else {
        Some(parse_text(text).command)
    }
}

/// `text` as JSON, refusing an object with a key given twice, at any depth.
///
/// # Errors
///
/// The parser's message, or "duplicate key 'k'".
pub(super) fn unique_keys(text: &str) -> Result<Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let Unique(value) = Unique::deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// A JSON value read with every object's keys checked to be distinct.
struct Unique(Value);

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor).map(Unique)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!("duplicate key '{}'", clip(&key))));
            }
            let Unique(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::unique_keys;

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        assert!(unique_keys(r#"{"a": 1, "b": [{"c": 2}]}"#).is_ok());
        let error = unique_keys(r#"{"a": 1, "a": 2}"#).unwrap_err();
        assert!(error.to_string().contains("duplicate key 'a'"), "{error}");
        assert!(unique_keys(r#"{"a": [{"c": 1, "c": 1}]}"#).is_err());
        assert!(unique_keys(r#"{"a": 1} x"#).is_err());
    }
}
