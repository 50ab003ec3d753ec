/*
 * kernel/exec/exec_test.c - ktests for the ELF loader and the initial stack.
 *
 * A two-segment static ELF (text R-X, data RW- with bss spanning pages)
 * is written into a test file's page cache (mm/vm/file_test.h) and loaded
 * with search_binary_handler, as do_execve would after opening it.  The
 * good case runs in a kernel thread of its own, which the load turns into
 * the owner of the new mm; the test reads the new image through
 * copy_from_user, then gives the mm back up.  Bad files must fail with
 * -ENOEXEC before the old address space is touched.  The same file as an
 * ET_DYN linked at 0 (a static PIE) is loaded where mmap would put it;
 * with a PT_INTERP naming a missing or malformed interpreter it fails with
 * -ENOENT or -ENOEXEC, again before the point of no return.  (A real
 * interpreter is user/tests/dynexec.c's to try.)
 */
#include "kernel/cpu/gdt.h"
#include "kernel/sched/kthread.h"
#include "kernel/ktest.h"
#include "kernel/cpu/trap.h"
#include "kernel/process/task.h"
#include "kernel/cpu/uaccess.h"
#include "kernel/exec/binprm.h"
#include "kernel/exec/elf.h"
#include "mm/vm/file_test.h"
#include "mm/vm/mm_struct.h"
#include "mm/phys/slab.h"
#include "mm/vm/vma.h"

#define TEXT_VA		0x08048000u
#define ENTRY		(TEXT_VA + 0x80)
#define DATA_OFF	0x1010u
#define DATA_VA		(0x0804a000u + (DATA_OFF & 0xfff))
#define DATA_LEN	0x20u
#define BSS_END		(DATA_VA + 0x3000u)

/* A PIE's copy of the layout is linked at 0: subtract PIE_LINK. */
#define PIE_LINK	TEXT_VA
#define INTERP_OFF	0xa0u		/* after the three program headers */

static struct test_file tf;

/*
 * The test program; ET_DYN ones are linked PIE_LINK lower, and interp
 * (when not NULL) is the PT_INTERP string, interp_len bytes of it.
 */
static void build_elf_type(u16 type, u32 e_machine, u32 entry,
			   u32 data_filesz, const char *interp, u32 interp_len)
{
	u32 link = type == ET_DYN ? PIE_LINK : 0;
	struct elf32_hdr eh = {
		.e_ident = { 0x7f, 'E', 'L', 'F', ELFCLASS32, ELFDATA2LSB,
			     EV_CURRENT },
		.e_type = type, .e_machine = e_machine,
		.e_version = EV_CURRENT, .e_entry = entry - link,
		.e_phoff = sizeof(struct elf32_hdr),
		.e_ehsize = sizeof(struct elf32_hdr),
		.e_phentsize = sizeof(struct elf32_phdr),
		.e_phnum = interp ? 3 : 2,
	};
	struct elf32_phdr ph[3] = {
		{ .p_type = PT_LOAD, .p_offset = 0, .p_vaddr = TEXT_VA - link,
		  .p_filesz = 0x100, .p_memsz = 0x100, .p_flags = PF_R | PF_X,
		  .p_align = PAGE_SIZE },
		{ .p_type = PT_LOAD, .p_offset = DATA_OFF,
		  .p_vaddr = DATA_VA - link,
		  .p_filesz = data_filesz, .p_memsz = BSS_END - DATA_VA,
		  .p_flags = PF_R | PF_W, .p_align = PAGE_SIZE },
		{ .p_type = PT_INTERP, .p_offset = INTERP_OFF,
		  .p_vaddr = TEXT_VA - link + INTERP_OFF,
		  .p_filesz = interp_len, .p_memsz = interp_len,
		  .p_flags = PF_R, .p_align = 1 },
	};
	u8 junk[PAGE_SIZE - DATA_OFF % PAGE_SIZE];

	make_test_file(&tf, 2 * PAGE_SIZE);
	memset(junk, 0xdd, sizeof(junk));	/* after the data: not bss */
	fill_test_file(&tf, 0, &eh, sizeof(eh));
	fill_test_file(&tf, sizeof(eh), ph, eh.e_phnum * sizeof(ph[0]));
	if (interp)
		fill_test_file(&tf, INTERP_OFF, interp, interp_len);
	fill_test_file(&tf, DATA_OFF, junk, sizeof(junk));
	memset(junk, 0x5a, DATA_LEN);
	fill_test_file(&tf, DATA_OFF, junk, DATA_LEN);
}

static void build_elf(u32 e_machine, u32 entry, u32 data_filesz)
{
	build_elf_type(ET_EXEC, e_machine, entry, data_filesz, NULL, 0);
}

static struct linux_binprm *make_bprm(void)
{
	static char *const argv[] = { "prog", "x", NULL };
	static char *const envp[] = { "A=1", NULL };
	struct linux_binprm *bprm = kzalloc(sizeof(*bprm), GFP_KERNEL);
	struct page *head = find_get_page(tf.file.f_mapping, 0);

	if (!bprm || !head) {
		kfree(bprm);
		return NULL;
	}
	bprm->p = ARG_AREA - sizeof(void *);
	bprm->filename = "/bin/prog";
	bprm->file = get_file(&tf.file);
	memcpy_from_page(bprm->buf, head, 0, BINPRM_BUF_SIZE);
	put_page(head);
	bprm->argc = 2;
	bprm->envc = 1;
	copy_string_kernel(bprm, bprm->filename);
	bprm->exec_p = bprm->p;
	copy_strings(bprm, 1, envp, false);
	copy_strings(bprm, 2, argv, false);
	return bprm;
}

static void drop_bprm(struct linux_binprm *bprm)
{
	fput(bprm->file);
	free_arg_pages(bprm);
	kfree(bprm);
}

/* Load a broken file: -ENOEXEC, and the caller's mm untouched. */
static int load_bad(void)
{
	struct linux_binprm *bprm = make_bprm();
	struct mm_struct *before = current->mm;
	int err;

	if (!bprm)
		return -ENOMEM;
	err = search_binary_handler(bprm);
	if (current->mm != before || bprm->mm_replaced)
		err = 1;
	drop_bprm(bprm);
	free_test_file(&tf);
	return err;
}

KTEST(exec_rejects_bad_elf_with_enoexec)
{
	build_elf(EM_386 + 1, ENTRY, DATA_LEN);
	KEXPECT_EQ(load_bad(), -ENOEXEC);
	build_elf(EM_386, 0x01000000, DATA_LEN);	/* entry in no segment */
	KEXPECT_EQ(load_bad(), -ENOEXEC);
	build_elf(EM_386, ENTRY, PAGE_SIZE);		/* beyond the file end */
	KEXPECT_EQ(load_bad(), -ENOEXEC);
	build_elf(EM_386, ENTRY, DATA_LEN);
	tf.inode.i_size = 0x40;				/* truncated phdrs */
	KEXPECT_EQ(load_bad(), -ENOEXEC);
}

struct exec_result {
	u32 bias;	/* in: where the image is expected, minus TEXT_VA's */
	int err;
	u32 eip, esp, cs;
	int map_count;
	unsigned long start_brk;
	u32 stack[48];
	char data[DATA_LEN + 8];
	u8 bss_far;
	char strings[16];
	u8 cache_after_data;
};

/*
 * A kernel thread's stack top holds its first frames, where an exec
 * writes the user trapframe (task_pt_regs).  exec_work therefore runs
 * deeper down (exec_thread's pad) and puts the old top back before it
 * returns.
 */
static __attribute__((noinline)) int exec_work(struct exec_result *r)
{
	struct trapframe *regs = task_pt_regs(current), saved = *regs;
	struct linux_binprm *bprm = make_bprm();
	struct mm_struct *mm;
	struct page *data_page;

	if (!bprm)
		return 1;
	r->err = search_binary_handler(bprm);
	drop_bprm(bprm);
	r->eip = regs->eip;
	r->esp = regs->esp;
	r->cs = regs->cs;
	*regs = saved;
	if (r->err)
		return 1;
	mm = current->mm;
	r->map_count = mm->map_count;
	r->start_brk = mm->start_brk;
	if (copy_from_user(r->stack, (void *)r->esp, sizeof(r->stack)) ||
	    copy_from_user(r->data, (void *)(DATA_VA + r->bias),
			   sizeof(r->data)) ||
	    copy_from_user(&r->bss_far, (void *)(BSS_END - 1 + r->bias), 1) ||
	    copy_from_user(r->strings, (void *)r->stack[1],
			   sizeof(r->strings)))
		r->err = -EFAULT;
	data_page = find_get_page(tf.file.f_mapping, 1);
	if (data_page) {
		memcpy_from_page(&r->cache_after_data, data_page,
				 (DATA_OFF + DATA_LEN) & ~PAGE_MASK, 1);
		put_page(data_page);
	}
	/* Give the image up again: back to a kernel thread. */
	current->mm = NULL;
	mmput(mm);
	return 0;
}

static int exec_thread(void *arg)
{
	volatile char pad[2 * sizeof(struct trapframe)];

	pad[0] = 0;
	return exec_work(arg) + pad[0];
}

static u32 auxv_value(const u32 *sp, int n, u32 type)
{
	int i = 1 + sp[0] + 1;	/* skip argc and argv */

	while (i < n && sp[i])	/* skip envp */
		i++;
	for (i++; i + 1 < n && sp[i] != 0; i += 2)
		if (sp[i] == type)
			return sp[i + 1];
	return 0xffffffff;
}

KTEST(exec_loads_static_elf_and_builds_stack)
{
	struct exec_result *r = kzalloc(sizeof(*r), GFP_KERNEL);
	int mms_before = nr_mm_structs;
	u32 *sp;

	KASSERT_TRUE(r);
	build_elf(EM_386, ENTRY, DATA_LEN);
	KASSERT_EQ(kthread_wait(kthread_run(exec_thread, r, "exec_test")), 0);
	KEXPECT_EQ(r->err, 0);
	KEXPECT_EQ(r->eip, ENTRY);
	KEXPECT_EQ(r->cs, USER_CS);
	KEXPECT_EQ(r->esp & 15, 0);
	/* text, data (file), bss (anonymous), stack */
	KEXPECT_EQ(r->map_count, 4);
	KEXPECT_EQ(r->start_brk, PAGE_ALIGN(BSS_END));
	KEXPECT_EQ(r->data[0], 0x5a);
	KEXPECT_EQ(r->data[DATA_LEN - 1], 0x5a);
	/* The rest of the data page is bss: zero in the process ... */
	KEXPECT_EQ(r->data[DATA_LEN], 0);
	KEXPECT_EQ(r->bss_far, 0);
	/* ... but the page cache still has the file's bytes. */
	KEXPECT_EQ(r->cache_after_data, 0xdd);
	sp = r->stack;
	KEXPECT_EQ(sp[0], 2);			/* argc */
	KEXPECT_STREQ(r->strings, "prog");
	KEXPECT_STREQ(r->strings + 5, "x");
	KEXPECT_EQ(sp[2] - sp[1], 5);		/* argv[1] follows argv[0] */
	KEXPECT_EQ(sp[3], 0);			/* argv's NULL */
	KEXPECT_EQ(sp[5], 0);			/* envp's NULL */
	KEXPECT_EQ(auxv_value(sp, 48, 9), ENTRY);	/* AT_ENTRY */
	KEXPECT_EQ(auxv_value(sp, 48, 3), TEXT_VA + sizeof(struct elf32_hdr));
	KEXPECT_EQ(auxv_value(sp, 48, 5), 2);		/* AT_PHNUM */
	KEXPECT_EQ(auxv_value(sp, 48, 6), PAGE_SIZE);	/* AT_PAGESZ */
	KEXPECT_EQ(auxv_value(sp, 48, 23), 0);		/* AT_SECURE */
	KEXPECT_GT(auxv_value(sp, 48, 25), r->esp);	/* AT_RANDOM */
	KEXPECT_EQ(auxv_value(sp, 48, 7), 0);		/* AT_BASE: no ld.so */
	/* AT_PLATFORM's string lies above the random bytes. */
	KEXPECT_GT(auxv_value(sp, 48, 15), auxv_value(sp, 48, 25));
	KEXPECT_EQ(nr_mm_structs, mms_before);
	free_test_file(&tf);
	kfree(r);
}

/* ET_DYN without PT_INTERP: placed where mmap would put it, the auxv
 * and the heap following it. */
KTEST(exec_loads_static_pie_at_mmap_base)
{
	struct exec_result *r = kzalloc(sizeof(*r), GFP_KERNEL);
	u32 base = TASK_UNMAPPED_BASE, *sp;

	KASSERT_TRUE(r);
	r->bias = base - TEXT_VA;
	build_elf_type(ET_DYN, EM_386, ENTRY, DATA_LEN, NULL, 0);
	KASSERT_EQ(kthread_wait(kthread_run(exec_thread, r, "exec_test")), 0);
	KEXPECT_EQ(r->err, 0);
	KEXPECT_EQ(r->eip, base + (ENTRY - TEXT_VA));
	KEXPECT_EQ(r->map_count, 4);
	KEXPECT_EQ(r->start_brk, base + PAGE_ALIGN(BSS_END) - TEXT_VA);
	KEXPECT_EQ(r->data[0], 0x5a);
	KEXPECT_EQ(r->data[DATA_LEN], 0);
	KEXPECT_EQ(r->bss_far, 0);
	sp = r->stack;
	KEXPECT_EQ(auxv_value(sp, 48, 9), r->eip);	/* AT_ENTRY */
	KEXPECT_EQ(auxv_value(sp, 48, 3), base + sizeof(struct elf32_hdr));
	KEXPECT_EQ(auxv_value(sp, 48, 7), 0);		/* AT_BASE: no ld.so */
	free_test_file(&tf);
	kfree(r);
}

KTEST(exec_rejects_bad_interpreter_before_no_return)
{
	static const char missing[] = "/nonexistent/ld.so";

	build_elf_type(ET_EXEC, EM_386, ENTRY, DATA_LEN, missing,
		       sizeof(missing));
	KEXPECT_EQ(load_bad(), -ENOENT);
	/* Not NUL-terminated within p_filesz. */
	build_elf_type(ET_EXEC, EM_386, ENTRY, DATA_LEN, missing,
		       sizeof(missing) - 1);
	KEXPECT_EQ(load_bad(), -ENOEXEC);
	build_elf_type(ET_DYN, EM_386, ENTRY, DATA_LEN, missing, 1);
	KEXPECT_EQ(load_bad(), -ENOEXEC);		/* too short */
	/* A directory is no interpreter. */
	build_elf_type(ET_DYN, EM_386, ENTRY, DATA_LEN, "/", 2);
	KEXPECT_EQ(load_bad(), -EACCES);
}
