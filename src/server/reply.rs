//! What a handler answers: a status and a JSON body. Errors are JSON too: `{"error": "..."}`,
//! with `option` naming the request field at fault when one is, and other fields where they
//! help (`suggestions` for an unknown technique, `status` for a puzzle that cannot be solved).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A status and a JSON body, kept as text so that its fields stay in the order the library's
/// types give them (as the CLI's `--json` writes them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub status: StatusCode,
    /// A JSON object.
    pub body: String,
}

/// A handler's outcome: `Err` holds an error reply, so that `?` returns it.
pub type Answer = Result<Reply, Reply>;

impl Reply {
    /// 200 with `body` (which serializes to an object) as JSON.
    pub fn ok(body: &impl Serialize) -> Reply {
        Reply::with_status(StatusCode::OK, body)
    }

    /// `status` with `body` (which serializes to an object) as JSON.
    pub fn with_status(status: StatusCode, body: &impl Serialize) -> Reply {
        let body = serde_json::to_string(body).expect("the library's answers serialize");
        debug_assert!(body.starts_with('{') && body.ends_with('}'), "{body}");
        Reply { status, body }
    }

    /// An error: `{"error": message}` with `status`.
    pub fn error(status: StatusCode, message: impl Into<String>) -> Reply {
        Reply {
            status,
            body: "{}".to_string(),
        }
        .field("error", message.into())
    }

    /// 400 for a request field at fault: `{"error": "FIELD: message", "option": FIELD}`.
    pub fn bad(option: &str, message: impl std::fmt::Display) -> Reply {
        Reply::error(StatusCode::BAD_REQUEST, format!("{option}: {message}"))
            .field("option", option)
    }

    /// The reply with one more field, `key` (not already in the body), at the end of its body.
    pub fn field(mut self, key: &str, value: impl Serialize) -> Reply {
        let value = serde_json::to_string(&value).expect("fields serialize");
        self.body.pop(); // the closing brace
        if self.body.len() > 1 {
            self.body.push(',');
        }
        self.body
            .push_str(&serde_json::to_string(key).expect("a key serializes"));
        self.body.push(':');
        self.body.push_str(&value);
        self.body.push('}');
        self
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let mut text = self.body;
        text.push('\n');
        let mut response = (self.status, text).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_added_in_order() {
        let reply = Reply::bad("level", "unknown level 'x'").field("suggestions", ["full"]);
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            reply.body,
            r#"{"error":"level: unknown level 'x'","option":"level","suggestions":["full"]}"#
        );
        let reply = Reply::ok(&serde_json::json!({})).field("a", 1);
        assert_eq!(reply.body, r#"{"a":1}"#);
    }
}
