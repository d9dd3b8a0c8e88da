#pragma once
// tpm2-tss (Debian's libtss2-dev): ESYS, the TCTI loader, response-code decoding and marshaling.
#include <tss2/tss2_esys.h>
#include <tss2/tss2_tctildr.h>
#include <tss2/tss2_rc.h>
#include <tss2/tss2_mu.h>

// Macros built from other macros do not import into Swift: the values Pinform reads, as constants.
static const TSS2_RC PINFORM_TSS2_RC_LAYER_MASK = TSS2_RC_LAYER_MASK;
static const TSS2_RC PINFORM_TSS2_TPM_RC_LAYER = TSS2_TPM_RC_LAYER;
static const TSS2_RC PINFORM_TSS2_TCTI_RC_LAYER = TSS2_TCTI_RC_LAYER;
static const TSS2_RC PINFORM_TPM2_RC_FMT1 = TPM2_RC_FMT1;
static const TSS2_RC PINFORM_TPM2_RC_AUTH_FAIL = TPM2_RC_AUTH_FAIL;
static const TSS2_RC PINFORM_TPM2_RC_BAD_AUTH = TPM2_RC_BAD_AUTH;
static const TSS2_RC PINFORM_TPM2_RC_INTEGRITY = TPM2_RC_INTEGRITY;
static const TSS2_RC PINFORM_TPM2_RC_LOCKOUT = TPM2_RC_LOCKOUT;
static const TPM2_PT PINFORM_TPM2_PT_FAMILY_INDICATOR = TPM2_PT_FAMILY_INDICATOR;
static const TPM2_PT PINFORM_TPM2_PT_PERMANENT = TPM2_PT_PERMANENT;
static const TPM2_PT PINFORM_TPM2_PT_LOCKOUT_COUNTER = TPM2_PT_LOCKOUT_COUNTER;
static const TPM2_PT PINFORM_TPM2_PT_MAX_AUTH_FAIL = TPM2_PT_MAX_AUTH_FAIL;
static const TPM2_PT PINFORM_TPM2_PT_LOCKOUT_INTERVAL = TPM2_PT_LOCKOUT_INTERVAL;
static const TPM2_PT PINFORM_TPM2_PT_LOCKOUT_RECOVERY = TPM2_PT_LOCKOUT_RECOVERY;
