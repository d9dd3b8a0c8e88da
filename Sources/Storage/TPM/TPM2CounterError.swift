/// Why the TPM's attempt counter (`TPM2AttemptCounter`) could not be used.
public enum TPM2CounterError: Error, Equatable, Sendable {
    /// The TPM has no room for two more NV indices: the file counter alone counts.
    case noSpace
    /// An index the key file names is not in the TPM (someone removed it, or the TPM was
    /// cleared): the count cannot be known, so it is taken as the strictest state.
    case missing
    /// The TPM failed in another way.
    case tpm(TPM2Error)
}
