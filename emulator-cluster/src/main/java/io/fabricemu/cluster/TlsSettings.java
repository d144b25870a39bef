package io.fabricemu.cluster;

import java.nio.file.Path;

/**
 * Artery over TLS: every member presents the key in {@code keyStore} and trusts the certificates in
 * {@code trustStore} (PKCS12 or JKS, Java's keytool makes both); both stores open with {@code password}. With
 * mutual authentication (Artery's default) a process without a trusted key cannot join or even connect.
 */
record TlsSettings(Path keyStore, Path trustStore, String password) {
    static final TlsSettings OFF = null;
}
