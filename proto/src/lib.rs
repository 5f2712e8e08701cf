//! Generated code for Tengen's gRPC API, `tengen.v1`. Nothing hand-written lives here: the contract is
//! `proto/tengen/v1/tengen.proto`.

#![allow(missing_docs, clippy::all)]

/// The `tengen.v1` package.
pub mod v1 {
    tonic::include_proto!("tengen.v1");

    /// The encoded file descriptor set, for gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        include_bytes!(concat!(env!("OUT_DIR"), "/tengen_descriptor.bin"));
}
