//! Revocation bites at once on long-lived answers too: a stream opened with a token (a desk's or a standby's
//! `Watch`, a backup) ends with `UNAUTHENTICATED` the moment the entry revoking that token is committed. Owns the
//! waiting and the ending; never decides anything and never writes.

use crate::domain::{Event, State, TokenId};
use crate::log::Committed;
use futures::{Stream, StreamExt};
use std::future::Future;
use std::sync::{Arc, RwLock};
use tokio::sync::broadcast;
use tonic::Status;

/// Resolves when `token` no longer works: at once if it is already revoked (or unknown), else when an entry
/// revoking it comes through `feed`. Subscribe `feed` before calling, so no entry falls between.
pub async fn revoked(
    mut feed: broadcast::Receiver<Arc<Committed>>,
    state: Arc<RwLock<State>>,
    token: TokenId,
) {
    let works = |state: &RwLock<State>| {
        state
            .read()
            .map(|s| s.tokens.get(&token).is_some_and(|t| !t.revoked))
            .unwrap_or(false)
    };
    if !works(&state) {
        return;
    }
    loop {
        match feed.recv().await {
            Ok(committed) if revokes(&committed.entry.events, token) => return,
            Ok(_) => {}
            // Entries were missed: the applied state knows whether one of them revoked the token.
            Err(broadcast::error::RecvError::Lagged(_)) => {
                if !works(&state) {
                    return;
                }
            }
            // No more entries can come (the server is going away): the stream ends by shutdown instead.
            Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
        }
    }
}

/// Does one of `events` revoke `token`?
pub fn revokes(events: &[Event], token: TokenId) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::TokenRevoked { id } if *id == token))
}

/// The status a stream ends with once its token is revoked.
pub fn revoked_status() -> Status {
    Status::unauthenticated("this terminal's token was revoked")
}

/// `inner`, ended with [`revoked_status`] as soon as `revoked` resolves; nothing queued in `inner` is sent after.
pub fn end_when_revoked<T, S, F>(
    inner: S,
    revoked: F,
) -> impl Stream<Item = Result<T, Status>> + Send
where
    T: Send + 'static,
    S: Stream<Item = Result<T, Status>> + Send + 'static,
    F: Future<Output = ()> + Send + 'static,
{
    let start = (Box::pin(inner), Box::pin(revoked), false);
    futures::stream::unfold(start, |(mut inner, mut revoked, ended)| async move {
        if ended {
            return None;
        }
        tokio::select! {
            biased;
            () = &mut revoked => Some((Err(revoked_status()), (inner, revoked, true))),
            item = inner.next() => item.map(|item| (item, (inner, revoked, false))),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio_stream::wrappers::ReceiverStream;

    #[tokio::test]
    async fn a_revoked_stream_ends_with_unauthenticated_and_drops_what_was_queued() {
        let (tx, rx) = tokio::sync::mpsc::channel::<Result<u32, Status>>(8);
        let (fire, fired) = tokio::sync::oneshot::channel::<()>();
        let mut stream = Box::pin(end_when_revoked(ReceiverStream::new(rx), async move {
            let _ = fired.await;
        }));
        tx.send(Ok(1)).await.unwrap();
        assert_eq!(stream.next().await.unwrap().unwrap(), 1);
        tx.send(Ok(2)).await.unwrap();
        fire.send(()).unwrap();
        let end = stream.next().await.unwrap().unwrap_err();
        assert_eq!(end.code(), tonic::Code::Unauthenticated);
        assert!(
            stream.next().await.is_none(),
            "nothing after the revocation"
        );
    }

    #[test]
    fn only_the_revocation_of_this_token_counts() {
        let other = [Event::TokenRevoked { id: TokenId(2) }];
        assert!(!revokes(&other, TokenId(1)));
        assert!(revokes(&other, TokenId(2)));
    }
}
