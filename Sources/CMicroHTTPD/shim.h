#ifndef INKPATH_MICROHTTPD_SHIM_H
#define INKPATH_MICROHTTPD_SHIM_H
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <string.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* Swift cannot call C variadic functions: these wrappers pass the options it needs. */

/* Leaves the URL and query arguments as sent: Swift splits the path before decoding it, so
   an encoded slash (%2F) stays inside its segment. */
static inline size_t inkpath_mhd_keep_escaped(void *cls, struct MHD_Connection *c, char *s) {
  (void)cls;
  (void)c;
  return strlen(s);
}

/* Starts a daemon with a thread per connection listening on `address` (IPv4 or IPv6, with
   `ipv6` set for the latter): a long render or script holds only its own connection's thread,
   so /healthz and every other connection answer at once. At most `connection_limit`
   connections in all and `per_ip_limit` from one address (0: no per-address cap); each may
   use `memory_limit` bytes for its headers and buffers. `notify` hears each connection open
   and close (the request deadline's watchdog). */
static inline struct MHD_Daemon *inkpath_mhd_start(
    const struct sockaddr *address, int ipv6, MHD_AccessHandlerCallback handler,
    void *handler_context, MHD_RequestCompletedCallback completed, void *completed_context,
    MHD_NotifyConnectionCallback notify, void *notify_context,
    unsigned int connection_timeout, unsigned int connection_limit, unsigned int per_ip_limit,
    size_t memory_limit) {
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION |
                       MHD_USE_AUTO | MHD_USE_ITC;
  if (ipv6) flags |= MHD_USE_IPv6;
  return MHD_start_daemon(
      flags, 0, NULL, NULL, handler, handler_context,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
      MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
      MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned int)1,
      MHD_OPTION_UNESCAPE_CALLBACK, inkpath_mhd_keep_escaped, NULL,
      MHD_OPTION_THREAD_STACK_SIZE, (size_t)(16 << 20),
      MHD_OPTION_END);
}

/* The connection's socket, or -1. */
static inline int inkpath_mhd_fd(struct MHD_Connection *c) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info ? info->connect_fd : -1;
}

/* Ends a connection from outside its thread: both directions shut, so the daemon sees the
   end at its next read and closes it. Called only while the connection is known open. */
static inline void inkpath_shutdown_socket(int fd) { shutdown(fd, SHUT_RDWR); }

/* The port the daemon listens on (the real one when 0 was asked for); 0 when unknown. */
static inline uint16_t inkpath_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

/* The client's address as text ("-" when unknown) into `buffer`. */
static inline void inkpath_mhd_client(struct MHD_Connection *c, char *buffer, size_t size) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  buffer[0] = '-';
  buffer[1] = 0;
  if (!info || !info->client_addr) return;
  const struct sockaddr *a = info->client_addr;
  if (a->sa_family == AF_INET)
    inet_ntop(AF_INET, &((const struct sockaddr_in *)a)->sin_addr, buffer, (socklen_t)size);
  else if (a->sa_family == AF_INET6)
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)a)->sin6_addr, buffer, (socklen_t)size);
}

/* The code of a connection that just opened (Swift sees the enum without its names). */
static const enum MHD_ConnectionNotificationCode MHD_CONNECTION_NOTIFY_STARTED_CODE =
    MHD_CONNECTION_NOTIFY_STARTED;

#endif
