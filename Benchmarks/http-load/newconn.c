// newconn: a load client that opens a new TCP connection for every request, as a client without
// connection reuse does (curl in a loop, most monitoring probes), against a server on loopback.
//
//   newconn PORT TARGETS_FILE CONCURRENCY SECONDS [MAX_REQUESTS]
//
// Each of CONCURRENCY threads cycles through the request targets of TARGETS_FILE (one path per line,
// each thread from its own offset): connect to 127.0.0.1:PORT, send "GET target HTTP/1.1" with
// "Connection: close", read the whole answer until the server closes, then close. It stops after
// SECONDS (or MAX_REQUESTS, when given) and prints one line:
//
//   RESULT requests=N seconds=S rps=R p50_ms=… p90_ms=… p99_ms=… max_ms=… non200=… connect_errors=…
//          read_errors=… no_close_header=…
//
// An answer counts as an error when its status is not 200 (non200), when the connection fails
// (connect_errors) or ends before a complete answer (read_errors), and when the server closed without
// saying so in a "Connection: close" header (no_close_header; HTTP/1.1 says a server that closes
// after a response must send it). Only 127.0.0.1 is ever connected to.
//
// Build: cc -O2 -pthread -o newconn newconn.c
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { kMaxThreads = 256, kResponseBytes = 1 << 20, kLatencyCapacity = 1 << 22 };

static char **targets;
static int target_count;
static int port;
static double deadline;
static long max_requests;

static long total_started;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

struct worker {
    pthread_t thread;
    int offset;
    double *latencies_ms;
    long capacity;
    long count;
    long non200, connect_errors, read_errors, no_close_header;
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/// Whether another request may start (the time or the request budget not yet spent).
static int may_start(void) {
    if (now_seconds() >= deadline) return 0;
    if (max_requests <= 0) return 1;
    pthread_mutex_lock(&count_lock);
    int ok = total_started < max_requests;
    if (ok) total_started++;
    pthread_mutex_unlock(&count_lock);
    return ok;
}

/// Whether the response head in `buffer` holds "Connection: close" (any case).
static int says_close(const char *buffer) {
    const char *end = strstr(buffer, "\r\n\r\n");
    for (const char *line = strstr(buffer, "\r\n"); line && (!end || line < end); line = strstr(line + 2, "\r\n")) {
        if (strncasecmp(line + 2, "connection:", 11) == 0) {
            const char *value = line + 13;
            while (*value == ' ') value++;
            if (strncasecmp(value, "close", 5) == 0) return 1;
        }
    }
    return 0;
}

/// One request on a new connection; records its latency or its error.
static void one_request(struct worker *w, const char *target, char *response) {
    char request[65536];
    int length = snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", target);
    double started = now_seconds();
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        w->connect_errors++;
        if (fd >= 0) close(fd);
        return;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (send(fd, request, length, MSG_NOSIGNAL) != length) {
        w->read_errors++;
        close(fd);
        return;
    }
    size_t received = 0;
    for (;;) {
        ssize_t n = recv(fd, response + received, kResponseBytes - 1 - received, 0);
        if (n < 0) { received = 0; break; }
        if (n == 0) break;
        received += n;
        if (received >= kResponseBytes - 1) break;
    }
    close(fd);
    response[received] = 0;
    if (received < 12 || strncmp(response, "HTTP/1.", 7) != 0 || !strstr(response, "\r\n\r\n")) {
        w->read_errors++;
        return;
    }
    double elapsed_ms = (now_seconds() - started) * 1000;
    if (strncmp(response + 9, "200", 3) != 0) w->non200++;
    if (!says_close(response)) w->no_close_header++;
    if (w->count < w->capacity) w->latencies_ms[w->count] = elapsed_ms;
    w->count++;
}

static void *run_worker(void *argument) {
    struct worker *w = argument;
    char *response = malloc(kResponseBytes);
    for (int index = w->offset; may_start(); index++) one_request(w, targets[index % target_count], response);
    free(response);
    return NULL;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void read_targets(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) { perror(path); exit(1); }
    char line[65536];
    int capacity = 1024;
    targets = malloc(capacity * sizeof *targets);
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        if (target_count == capacity) targets = realloc(targets, (capacity *= 2) * sizeof *targets);
        targets[target_count++] = strdup(line);
    }
    fclose(file);
    if (target_count == 0) { fprintf(stderr, "%s: no targets\n", path); exit(1); }
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: newconn PORT TARGETS_FILE CONCURRENCY SECONDS [MAX_REQUESTS]\n");
        return 2;
    }
    port = atoi(argv[1]);
    read_targets(argv[2]);
    int concurrency = atoi(argv[3]);
    double seconds = atof(argv[4]);
    max_requests = argc > 5 ? atol(argv[5]) : 0;
    if (port <= 0 || concurrency < 1 || concurrency > kMaxThreads || seconds <= 0) {
        fprintf(stderr, "newconn: PORT > 0, CONCURRENCY 1...%d and SECONDS > 0 expected\n", kMaxThreads);
        return 2;
    }
    struct worker workers[kMaxThreads] = {0};
    double started = now_seconds();
    deadline = started + seconds;
    for (int i = 0; i < concurrency; i++) {
        workers[i].offset = (i + 1) * 97;
        workers[i].capacity = kLatencyCapacity / concurrency;
        workers[i].latencies_ms = malloc(workers[i].capacity * sizeof(double));
        pthread_create(&workers[i].thread, NULL, run_worker, &workers[i]);
    }
    long count = 0, non200 = 0, connect_errors = 0, read_errors = 0, no_close = 0;
    for (int i = 0; i < concurrency; i++) pthread_join(workers[i].thread, NULL);
    double elapsed = now_seconds() - started;
    double *all = malloc(kLatencyCapacity * sizeof(double));
    long kept = 0;
    for (int i = 0; i < concurrency; i++) {
        long n = workers[i].count < workers[i].capacity ? workers[i].count : workers[i].capacity;
        memcpy(all + kept, workers[i].latencies_ms, n * sizeof(double));
        kept += n;
        count += workers[i].count;
        non200 += workers[i].non200;
        connect_errors += workers[i].connect_errors;
        read_errors += workers[i].read_errors;
        no_close += workers[i].no_close_header;
    }
    qsort(all, kept, sizeof(double), compare_doubles);
#define PERCENTILE(p) (kept ? all[(long)((p) / 100.0 * (kept - 1))] : 0.0)
    printf("RESULT requests=%ld seconds=%.2f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f non200=%ld "
           "connect_errors=%ld read_errors=%ld no_close_header=%ld\n",
           count, elapsed, count / elapsed, PERCENTILE(50), PERCENTILE(90), PERCENTILE(99), kept ? all[kept - 1] : 0.0, non200,
           connect_errors, read_errors, no_close);
    return 0;
}
