#!/bin/sh
# Renders the server blocks from the template with the web-config variables (only those: nginx's own
# $variables stay as they are), then runs nginx.
set -eu
vars='${NGINX_PORT} ${WEB_ROOT} ${GATEWAY_UPSTREAM} ${NGINX_CACHE_DIR} ${REAL_IP_FROM} ${USAGE_LOG} ${USAGE_LOG_BUFFER} ${NGINX_PURGE_LISTEN} ${PURGE_ALLOW} ${COUNTER_PLATFORM_HOST}'
envsubst "$vars" < /etc/nginx/templates/default.conf.template > /etc/nginx/conf.d/default.conf
exec "$@"
