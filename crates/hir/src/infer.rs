//! Expression typing and call binding over a [`Body`]: enough of C#'s binder to tell, for every call
//! site of a member, which method, constructor, accessor, operator or delegate it invokes.
//!
//! Where the facts run out (a receiver of unknown type, several overloads the argument types cannot
//! tell apart) the site is recorded as unresolved with a reason, never bound by guess.

mod args;
mod call;
mod conditional;
mod constant;
mod conversion;
mod creation;
mod expr;
mod extension_blocks;
mod external;
mod index;
mod invocable;
mod known;
mod lambda;
mod late_bound;
mod member;
mod method_group;
mod op;
mod overload;
mod path;
mod pattern;
mod pattern_based;
mod stmt;
#[cfg(test)]
mod tests;
mod tuple_names;
mod type_table;

use std::sync::Arc;

use la_arena::ArenaMap;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, ProjectId},
    body::{Body, BodyKey, Expr, ExprId, LocalId, LocalKind, RootKind, Stmt, body},
    def_map::TypeId,
    item_tree::Modifiers,
    library::LibMember,
    resolve::{ImportScopes, Resolver},
    symbols::{MemberId, member_file, member_ref, member_signature},
    ty::Ty,
};

use self::type_table::TypeTable;

/// What inference found in one body: the types of its expressions and locals, the call sites it
/// bound and those it could not.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct InferenceResult {
    pub sites: Vec<CallSite>,
    pub unresolved: Vec<UnresolvedSite>,
    /// Accesses bound to members the compiler synthesizes (an anonymous type's properties): bound,
    /// but with no declaration to be an edge to.
    pub synthesized: Vec<ExprId>,
    /// Calls the compiler omits (a `[Conditional]` method whose symbols are not defined, §22.5.3):
    /// neither they nor the sites inside them are edges; see `conditional.rs`.
    pub omitted: Vec<ExprId>,
    /// Reads and writes of fields, constants and enum members (of the sources or of a library): no
    /// call, but references (`find_references`). Calls the compiler omits keep theirs, as the
    /// compiler binds them.
    pub field_accesses: Vec<FieldAccess>,
    /// The known types of expressions and locals (see [`InferenceResult::type_of_expr`]).
    types: TypeTable,
}

impl InferenceResult {
    /// The type of `expr` as binding found it (its last binding, for an expression a lambda's
    /// speculative typing saw too), when it is known: not for an expression of unknown type, the
    /// `null` literal, a method group, a type or namespace used as a receiver, a lambda or a pattern.
    pub fn type_of_expr(&self, expr: ExprId) -> Option<&Ty> {
        self.types.expr(expr)
    }

    /// The type of a local (a parameter, a `var`, a pattern or `out var` designation, a lambda
    /// parameter, a `foreach` variable), when it is known.
    pub fn type_of_local(&self, local: LocalId) -> Option<&Ty> {
        self.types.local(local)
    }
}

/// A use of a field, constant or enum member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldAccess {
    /// The expression whose focus range is the field's name.
    pub expr: ExprId,
    /// A source or library field (never [`Callee::External`]).
    pub field: Callee,
    pub kind: FieldAccessKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FieldAccessKind {
    Read,
    Write,
    /// A compound assignment or increment: `f += 1`, `f++`.
    ReadWrite,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallSite {
    /// The expression whose focus range is the site (the invoked name, the type of a `new`, …).
    pub expr: ExprId,
    pub callee: Callee,
    pub kind: CallKind,
    /// A call through `base.` (`base.M()`, `base.P`, `base[i]`): it runs the member named, never an
    /// override of it.
    pub non_virtual: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Callee {
    /// A source member; a delegate of the sources is invoked through its implied `Invoke`.
    Member(MemberId),
    /// A member a reference assembly declares.
    Library(LibMember),
    /// A member outside the sources that no loaded assembly declares, by its best-known full name
    /// (`System.Console.WriteLine`).
    External(SmolStr),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CallKind {
    Call,
    Ctor,
    Get,
    Set,
    EventAdd,
    EventRemove,
    Operator,
    DelegateInvoke,
    /// A method named without being called (`list.ForEach(Print)`): a reference, not a call.
    MethodGroup,
    /// An invocation with a `dynamic` argument (`Foo(d)`): bound at run time (§12.3.3), to one of
    /// the candidates applicable at compile time (§12.6.5), each listed with a site of this kind.
    /// No edge the compiler emits (the IL holds a call site of the runtime binder), but a call
    /// that may run the candidate.
    LateBound,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnresolvedSite {
    pub expr: ExprId,
    pub name: SmolStr,
    pub reason: UnresolvedReason,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnresolvedReason {
    /// The receiver's type is not known (an untyped lambda parameter, a framework member's result).
    UnknownReceiver,
    /// No member of that name accepts the arguments.
    NotFound,
    /// Several overloads remain and the argument types cannot tell them apart.
    Ambiguous,
    /// The receiver's type is declared in a reference assembly that was not found (a package not
    /// restored, a framework not installed): its members are not known.
    MissingMetadata,
    /// The receiver is `dynamic` (`d.Foo()`): the member is looked up at run time, on the value's
    /// runtime type (§12.3.3).
    DynamicReceiver,
    /// tree-sitter's grammar reads the code otherwise than C# does (a `new` whose generic type
    /// arguments it split at their commas): what it calls is not known.
    MisreadSyntax,
}

/// Evicted when unused, as bodies are (`body.rs`): once a file's call sites are gathered no answer
/// reads a member's inference again.
#[salsa::tracked(returns(clone), lru = 1024)]
fn infer_query<'db>(db: &'db dyn Db, key: BodyKey<'db>) -> Arc<InferenceResult> {
    let member = key.id(db);
    Arc::new(infer_member(db, member).unwrap_or_default())
}

/// Sets the LRU capacity of [`infer`], so that tests see eviction on a fixture's few members.
#[cfg(any(test, feature = "test-utils"))]
pub(crate) fn set_lru_capacity(db: &mut dyn Db, capacity: usize) {
    infer_query::set_lru_capacity(db, capacity);
}

/// The bound call sites of a member's body.
pub fn infer(db: &dyn Db, member: MemberId) -> Arc<InferenceResult> {
    infer_query(db, member.key())
}

fn infer_member(db: &dyn Db, member: MemberId) -> Option<InferenceResult> {
    let body = body(db, member);
    if body.roots.is_empty() {
        return Some(InferenceResult::default());
    }
    let file = db.source_file(member_file(db, member)?)?;
    let data = member_ref(db, member)?;
    let resolver = Resolver::for_member(db, member)?;
    let self_ty = Ty::Source(member.ty, Resolver::identity_args(db, member.ty));
    let sig = member_signature(db, member);
    let project = crate::base_db::file_project(db, file).unwrap_or(member.ty.project);
    let mut ctx = Ctx {
        db,
        body: &body,
        resolver,
        self_ty,
        owner: member.ty,
        member,
        project,
        libraries: crate::library::library_scope(db, project),
        sdb: crate::library::ScopedDb::project(db, project)
            .with_plain_type_params(crate::generics::plain_type_params(db, member)),
        imports: None,
        local_tys: ArenaMap::default(),
        expr_tys: Vec::new(),
        frames: Vec::new(),
        result: InferenceResult::default(),
        local_fn_returns: ArenaMap::default(),
        local_fn_groups: ArenaMap::default(),
        pending_groups: Vec::new(),
        lambda_results: rustc_hash::FxHashMap::default(),
        speculation_depth: 0,
        implicit_receivers: Vec::new(),
        implicit_call_params: None,
        local_tuple_names: ArenaMap::default(),
        tuple_inits: ArenaMap::default(),
        library_fields: rustc_hash::FxHashMap::default(),
    };
    for (_, stmt) in body.stmts.iter() {
        if let Stmt::LocalFunction {
            local,
            params,
            return_ty: Some(ret),
            generic,
            ..
        } = stmt
        {
            let ty = ctx.resolver.resolve(ret);
            // Its signature as a method group (`Select(Converter)`, §10.8): a generic one's needs
            // type inference of its own.
            let params: Option<Vec<Ty>> = params
                .iter()
                .map(|&p| body.locals[p].ty.as_ref().map(|t| ctx.resolver.resolve(t)))
                .collect();
            if let (false, Some(params)) = (*generic, params) {
                let method = overload::GroupMethod {
                    params,
                    ret: Some(ty.clone()),
                };
                ctx.local_fn_groups.insert(*local, method);
            }
            ctx.local_fn_returns.insert(*local, ty);
        }
    }
    // Parameters take their resolved types from the signature (`value` from the member's type).
    let member_ty = sig.ty.clone().unwrap_or(Ty::Unknown);
    let mut param_index = 0;
    for &local in &body.params {
        let ty = match body.locals[local].kind {
            LocalKind::Value => member_ty.clone(),
            _ => {
                let ty = sig
                    .params
                    .get(param_index)
                    .map_or(Ty::Unknown, |(t, _)| t.clone());
                param_index += 1;
                ty
            }
        };
        ctx.local_tys.insert(local, ty);
    }
    let is_async = data.modifiers.contains(Modifiers::ASYNC);
    for root in &body.roots {
        let expected = match (root.kind, data.kind) {
            (RootKind::Body | RootKind::Get | RootKind::Initializer, _) if is_async => {
                Some(known::unwrap_task(db, &member_ty))
            }
            (RootKind::Body | RootKind::Get | RootKind::Initializer, _) => Some(member_ty.clone()),
            _ => None,
        };
        ctx.frames.push(Frame {
            expected,
            returns: Vec::new(),
        });
        ctx.infer_stmt(root.stmt);
        ctx.frames.pop();
    }
    // Method-group arguments of calls that ended on a path that did not bind them.
    for (expr, group) in std::mem::take(&mut ctx.pending_groups) {
        ctx.method_group(expr, &group, None);
    }
    ctx.omit_conditional_calls();
    // A local with a written type gets it when first read: one never read gets it here.
    for (local, data) in body.locals.iter() {
        if data.ty.is_some() && ctx.local_tys.get(local).is_none() {
            ctx.local_ty(local);
        }
    }
    ctx.result.types = TypeTable::new(std::mem::take(&mut ctx.expr_tys), &ctx.local_tys);
    Some(ctx.result)
}

/// A bound call's declared result, before the declaring type's arguments are substituted.
struct Returned<'a> {
    ty: Ty,
    decl_args: &'a [Ty],
    /// A constructor gives the constructed type (`ty`, already complete).
    is_ctor: bool,
}

/// What an expression denotes.
#[derive(Debug, Clone)]
enum Val {
    Value(Ty),
    /// A type (or namespace, as an external name) used as a receiver.
    Type(Ty),
    Group(Group),
    Unknown,
}

/// A method group: candidates by declaring level, and what to fall back to.
#[derive(Debug, Clone)]
struct Group {
    name: SmolStr,
    levels: Vec<(Ty, Vec<MemberId>)>,
    /// The receiver of an instance access (for extension methods and delegate `Invoke`).
    receiver: Option<Ty>,
    /// A type outside the sources the lookup reached (the method may be declared there).
    external: Option<Ty>,
    type_args: Vec<Ty>,
    /// Library methods of this name, by declaring level (see [`external`]).
    library: Vec<(Ty, Vec<LibMember>)>,
    /// Of a group read through a receiver (`w.Contains` as a value): the extension methods of its
    /// name, which a conversion to a delegate falls back to when none of the group's own methods
    /// takes the delegate's parameter types (§12.8.10.2, §10.8).
    extensions: Option<Box<Group>>,
}

impl Group {
    /// A group named `name` with nothing found yet.
    fn named(name: &SmolStr, type_args: Vec<Ty>) -> Group {
        Group {
            name: name.clone(),
            levels: Vec::new(),
            receiver: None,
            external: None,
            type_args,
            library: Vec::new(),
            extensions: None,
        }
    }

    /// The member of a level before `level` (a more derived type) that overrides `chosen`: the
    /// call goes to it, as far as the receiver's static type tells.
    fn override_before(
        &self,
        db: &dyn Db,
        level: usize,
        chosen: MemberId,
    ) -> Option<(&Ty, MemberId)> {
        self.levels[..level].iter().find_map(|(ty, members)| {
            members
                .iter()
                .find(|&&m| {
                    crate::overrides::overrides(db, m)
                        .overridden
                        .contains(&chosen)
                })
                .map(|&m| (ty, m))
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    Read,
    Write,
    ReadWrite,
    Add,
    Remove,
    Invoke,
}

impl Access {
    /// Which accessors of a property or indexer the access calls: `(get, set)`.
    fn accessors(self) -> (bool, bool) {
        match self {
            Access::Read | Access::Invoke => (true, false),
            Access::Write => (false, true),
            Access::ReadWrite | Access::Add | Access::Remove => (true, true),
        }
    }
}

/// What binding a call against one set of candidates gave.
enum Binding {
    Bound(Val),
    Ambiguous,
    NoneApplicable,
}

struct Frame {
    expected: Option<Ty>,
    returns: Vec<Ty>,
}

struct Ctx<'a> {
    db: &'a dyn Db,
    body: &'a Body,
    resolver: Resolver<'a>,
    self_ty: Ty,
    owner: TypeId,
    /// The member whose body this is.
    member: MemberId,
    project: ProjectId,
    /// What the project sees of the libraries (`library_scope`).
    libraries: Arc<crate::library::LibraryIndex>,
    /// The database as the project asks it, for conversions and hierarchies of library types.
    sdb: crate::library::ScopedDb<'a>,
    imports: Option<ImportScopes>,
    local_tys: ArenaMap<LocalId, Ty>,
    /// The types of the expressions inferred so far, in the order they were (see [`TypeTable`]).
    expr_tys: Vec<(ExprId, Ty)>,
    frames: Vec<Frame>,
    result: InferenceResult,
    local_fn_returns: ArenaMap<LocalId, Ty>,
    /// The signatures of the non-generic local functions, for their use as method groups.
    local_fn_groups: ArenaMap<LocalId, overload::GroupMethod>,
    /// Method groups passed as arguments whose call is not bound yet.
    pending_groups: Vec<(ExprId, Group)>,
    /// What a lambda's body gives for given parameter types, found speculatively for overload
    /// resolution (see [`Ctx::speculative_lambda`]).
    lambda_results: rustc_hash::FxHashMap<(ExprId, Vec<Ty>), Option<Ty>>,
    speculation_depth: u32,
    /// The types of the objects the initializers being inferred apply to, innermost last.
    implicit_receivers: Vec<Ty>,
    /// The parameter types of the last bound call whose arguments no expression holds (the
    /// compiler's own `Deconstruct(out .., out ..)`), once method type inference fixed them.
    implicit_call_params: Option<Vec<Ty>>,
    /// The element names of `var` locals holding named tuples (see [`tuple_names`]).
    local_tuple_names: ArenaMap<LocalId, tuple_names::TupleNames>,
    /// The initializers of `var` locals holding tuples: the names nested in their elements are
    /// the initializer's (see [`tuple_names`]).
    tuple_inits: ArenaMap<LocalId, ExprId>,
    /// The library fields member accesses read (a field makes no call site), for the tuple
    /// element names their signatures give.
    library_fields: rustc_hash::FxHashMap<ExprId, crate::library::LibMember>,
}

impl Ctx<'_> {
    fn site(&mut self, expr: ExprId, callee: Callee, kind: CallKind) {
        let receiver = match &self.body.exprs[expr] {
            Expr::Member { receiver, .. } | Expr::Index { receiver, .. } => Some(*receiver),
            _ => None,
        };
        let non_virtual = receiver.is_some_and(|r| matches!(self.body.exprs[r], Expr::Base));
        self.result.sites.push(CallSite {
            expr,
            callee,
            kind,
            non_virtual,
        });
    }

    /// The accessor calls a property or indexer access makes: a read its getter, a write its
    /// setter, a compound assignment both.
    fn accessor_sites(&mut self, expr: ExprId, callee: Callee, access: Access) {
        match access {
            Access::Write => self.site(expr, callee, CallKind::Set),
            Access::ReadWrite | Access::Add | Access::Remove => {
                self.site(expr, callee.clone(), CallKind::Get);
                self.site(expr, callee, CallKind::Set);
            }
            Access::Read | Access::Invoke => self.site(expr, callee, CallKind::Get),
        }
    }

    fn field_access(&mut self, expr: ExprId, field: Callee, access: Access) {
        let kind = match access {
            Access::Read | Access::Invoke => FieldAccessKind::Read,
            Access::Write => FieldAccessKind::Write,
            Access::ReadWrite | Access::Add | Access::Remove => FieldAccessKind::ReadWrite,
        };
        self.result
            .field_accesses
            .push(FieldAccess { expr, field, kind });
    }

    /// The value an initializer's items or a pattern's parts apply to (see `implicit_receivers`).
    fn implicit_receiver(&self) -> Ty {
        self.implicit_receivers
            .last()
            .cloned()
            .unwrap_or(Ty::Unknown)
    }

    fn unresolved(&mut self, expr: ExprId, name: SmolStr, reason: UnresolvedReason) {
        self.result
            .unresolved
            .push(UnresolvedSite { expr, name, reason });
    }

    fn imports(&mut self) -> (Vec<SmolStr>, Vec<Ty>) {
        let mut namespaces = Vec::new();
        let mut statics = Vec::new();
        for (n, s) in self.import_scopes().iter() {
            namespaces.extend(n.iter().cloned());
            statics.extend(s.iter().cloned());
        }
        (namespaces, statics)
    }

    /// What each level of the scope imports, innermost first, in pairs: a namespace declaration's
    /// own namespace, then what its directives import (see [`Resolver::import_scopes`]).
    fn import_scopes(&mut self) -> ImportScopes {
        self.imports
            .get_or_insert_with(|| self.resolver.import_scopes())
            .clone()
    }

    fn local_ty(&mut self, local: LocalId) -> Ty {
        if let Some(ty) = self.local_tys.get(local) {
            return ty.clone();
        }
        let ty = match &self.body.locals[local].ty {
            Some(tr) => self.resolver.resolve(tr),
            None => Ty::Unknown,
        };
        self.local_tys.insert(local, ty.clone());
        ty
    }
}
