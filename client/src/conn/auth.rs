//! The bearer-token interceptor: adds `authorization: Bearer <token>` to every call a [`crate::Desk`] makes.

use tonic::metadata::{Ascii, MetadataValue};
use tonic::service::Interceptor;
use tonic::{Request, Status};

use crate::error::ClientError;

/// Adds the desk's token to each request; sends nothing when there is no token.
#[derive(Clone, Debug)]
pub struct BearerAuth {
    header: Option<MetadataValue<Ascii>>,
}

impl BearerAuth {
    /// Checks the token once, so a token with characters a header cannot carry fails at connect, not per call.
    pub fn new(token: Option<&str>) -> Result<Self, ClientError> {
        let header = match token {
            None => None,
            Some(token) => Some(MetadataValue::try_from(format!("Bearer {token}")).map_err(
                |_| {
                    ClientError::Settings(
                        "the token contains characters that cannot be sent in a header".into(),
                    )
                },
            )?),
        };
        Ok(BearerAuth { header })
    }
}

impl Interceptor for BearerAuth {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        if let Some(header) = &self.header {
            request
                .metadata_mut()
                .insert("authorization", header.clone());
        }
        Ok(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_the_bearer_header() {
        let mut auth = BearerAuth::new(Some("abc")).unwrap();
        let request = auth.call(Request::new(())).unwrap();
        assert_eq!(
            request.metadata().get("authorization").unwrap(),
            "Bearer abc"
        );
    }

    #[test]
    fn refuses_a_token_with_a_newline() {
        assert!(BearerAuth::new(Some("ab\nc")).is_err());
    }
}
