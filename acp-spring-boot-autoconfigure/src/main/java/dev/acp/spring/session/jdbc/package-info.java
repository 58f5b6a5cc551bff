/**
 * The JDBC {@link dev.acp.spring.session.AcpSessionStore}: sessions and their history in
 * two tables through Spring's {@code JdbcClient}, shared by every instance of an agent
 * that uses the same database. Schema scripts for PostgreSQL and H2 sit beside it
 * ({@code schema-postgresql.sql}, {@code schema-h2.sql}).
 * <p>
 * Knows the session SPI, the protocol records, Spring JDBC and Jackson; no Spring Boot.
 */
@NullMarked
package dev.acp.spring.session.jdbc;

import org.jspecify.annotations.NullMarked;
