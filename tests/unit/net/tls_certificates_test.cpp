#include "net/tls_certificates.hpp"

#include <gtest/gtest.h>

#include "net/connect.hpp"

namespace simhadr {
namespace {

std::string refusal(const X509* certificate) {
  try {
    check_validity(certificate, "-tlsCert 'side.pem'");
  } catch (const RunError& error) {
    return error.what();
  }
  return {};
}

TEST(TlsCertificates, OneMadeAtStartUpIsValidNowAndNamesItself) {
  const SelfSignedCertificate made = make_self_signed_certificate();
  ASSERT_NE(made.certificate, nullptr);
  EXPECT_EQ(X509_check_private_key(made.certificate.get(), made.key.get()), 1);
  EXPECT_EQ(refusal(made.certificate.get()), "");
  const std::string subject = name_text(X509_get_subject_name(made.certificate.get()));
  EXPECT_TRUE(subject.starts_with("CN=")) << subject;
  EXPECT_EQ(subject, name_text(X509_get_issuer_name(made.certificate.get())));
}

TEST(TlsCertificates, AnExpiredCertificateIsRefusedWithItsDate) {
  const SelfSignedCertificate made = make_self_signed_certificate();
  X509_gmtime_adj(X509_getm_notBefore(made.certificate.get()), -3 * 86400);
  ASN1_TIME_set_string(X509_getm_notAfter(made.certificate.get()), "20240229120000Z");
  EXPECT_EQ(refusal(made.certificate.get()),
            "-tlsCert 'side.pem': the certificate expired on 2024-02-29 12:00:00 UTC");
}

TEST(TlsCertificates, OneNotValidYetIsRefusedWithItsDate) {
  const SelfSignedCertificate made = make_self_signed_certificate();
  ASN1_TIME_set_string(X509_getm_notBefore(made.certificate.get()), "20991231235959Z");
  ASN1_TIME_set_string(X509_getm_notAfter(made.certificate.get()), "21000101000000Z");
  EXPECT_EQ(refusal(made.certificate.get()),
            "-tlsCert 'side.pem': the certificate is not valid until 2099-12-31 23:59:59 UTC");
}

}  // namespace
}  // namespace simhadr
