/*
 * compat/eventpoll.h - epoll: a file that watches other files (compat/eventpoll.c).
 */
#ifndef COMPAT_EVENTPOLL_H
#define COMPAT_EVENTPOLL_H

#include "fs/file.h"

/* The last fput of file: take it out of every epoll set that watches it,
 * before its release, as Linux does (a closed fd leaves the set only
 * when no other descriptor shares its open file). */
void eventpoll_release(struct file *file);

#endif
