//! Expression typing and call binding over a [`Body`]: enough of C#'s binder to tell, for every call
//! site of a member, which method, constructor, accessor, operator or delegate it invokes.
//!
//! Where the facts run out (a receiver of unknown type, several overloads the argument types cannot
//! tell apart) the site is recorded as unresolved with a reason, never bound by guess.

mod array_conv;
mod betterness;
mod conditional;
mod constant;
mod extension_blocks;
mod external;
mod invocable;
mod known;
mod lookup;
mod overload;
mod tuple_names;

use std::sync::Arc;

use la_arena::ArenaMap;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, ProjectId},
    body::{
        Arg, ArgModifier, AssignOp, Body, BodyKey, Enumeration, Expr, ExprId, Literal, LocalId,
        LocalKind, Part, RootKind, Stmt, StmtId, body,
    },
    def_map::{TypeId, nested_type, type_header, type_name},
    generics::type_param_bounds,
    hierarchy::base_class_of,
    item_tree::{MemberKind, Modifiers, ParamModifier, TypeKind, lower::operator_name},
    library::{KnownType, LibMember},
    overrides::overrides,
    resolve::Resolver,
    symbols::{MemberId, member_file, member_ref, member_signature},
    ty::Ty,
    type_ref::{Path, PathQualifier, PathSegment, TypeRef},
};

pub(crate) use self::lookup::{own_members as lookup_own_members, type_kind as type_kind_of};
use self::{
    lookup::{CTOR, Found, lookup_members, own_members, type_kind},
    overload::{
        ArgInfo, ArgTy, CandMember, Candidate, LambdaReturn, ParamInfo, Resolution, conv, is_null,
        null_ty, resolve_overloads, resolve_overloads_with, unify,
    },
};

/// What inference found in one body: the call sites it bound and those it could not.
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
}

#[salsa::tracked(returns(clone))]
fn infer_query<'db>(db: &'db dyn Db, key: BodyKey<'db>) -> Arc<InferenceResult> {
    let member = key.member(db);
    Arc::new(infer_member(db, member).unwrap_or_default())
}

/// The bound call sites of a member's body.
pub fn infer(db: &dyn Db, member: MemberId) -> Arc<InferenceResult> {
    infer_query(db, BodyKey::new(db, member))
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
        sdb: crate::library::ScopedDb::project(db, project),
        imports: None,
        local_tys: ArenaMap::default(),
        frames: Vec::new(),
        result: InferenceResult::default(),
        local_fn_returns: ArenaMap::default(),
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
            return_ty: Some(ret),
            ..
        } = stmt
        {
            let ty = ctx.resolver.resolve(ret);
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
                Some(unwrap_task(db, &member_ty))
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
    Some(ctx.result)
}

fn unwrap_task(db: &dyn Db, ty: &Ty) -> Ty {
    use KnownType::*;
    match ty.which_known(db, &[Task, ValueTask, TaskOfT, ValueTaskOfT]) {
        Some(TaskOfT | ValueTaskOfT) => ty
            .written_name(db)
            .map_or(Ty::Unknown, |(_, a)| a[0].clone()),
        Some(_) => Ty::known(db, Void),
        None => ty.clone(),
    }
}

/// What an iterator returning `ty` yields (C# §15.15.2): `T` of `IEnumerable<T>`,
/// `IEnumerator<T>` and their async forms, `object` of the non-generic ones.
fn iterator_element(db: &dyn Db, ty: &Ty) -> Option<Ty> {
    use KnownType::*;
    let generic = [
        IEnumerableOfT,
        IEnumeratorOfT,
        IAsyncEnumerableOfT,
        IAsyncEnumeratorOfT,
    ];
    match ty.which_known(db, &generic) {
        Some(_) => ty.written_name(db).map(|(_, a)| a[0].clone()),
        None => ty
            .which_known(db, &[IEnumerable, IEnumerator])
            .map(|_| Ty::object(db)),
    }
}

/// A bound call's declared result, before the declaring type's arguments are substituted.
struct Returned<'a> {
    ty: Ty,
    decl_args: &'a [Ty],
    /// A constructor gives the constructed type (`ty`, already complete).
    is_ctor: bool,
}
/// The methods of `System.Object`, which every type has.
const OBJECT_METHODS: [&str; 6] = [
    "ReferenceEquals",
    "Equals",
    "GetHashCode",
    "ToString",
    "GetType",
    "MemberwiseClone",
];

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
        }
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
    imports: Option<Vec<(Vec<SmolStr>, Vec<Ty>)>>,
    local_tys: ArenaMap<LocalId, Ty>,
    frames: Vec<Frame>,
    result: InferenceResult,
    local_fn_returns: ArenaMap<LocalId, Ty>,
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
        for (n, s) in self.import_scopes() {
            namespaces.extend(n);
            statics.extend(s);
        }
        (namespaces, statics)
    }

    /// What each level of the scope imports, innermost first (see [`Resolver::import_scopes`]).
    fn import_scopes(&mut self) -> Vec<(Vec<SmolStr>, Vec<Ty>)> {
        if self.imports.is_none() {
            self.imports = Some(self.resolver.import_scopes());
        }
        self.imports.clone().unwrap_or_default()
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

    fn infer_stmt(&mut self, stmt: StmtId) {
        match &self.body.stmts[stmt] {
            Stmt::Expr(e) => {
                self.infer_expr(*e, None);
            }
            Stmt::Let { local, init } => {
                let declared = self.body.locals[*local]
                    .ty
                    .as_ref()
                    .map(|t| self.resolver.resolve(t));
                let init_ty = init.map(|e| (e, self.infer_expr(e, declared.as_ref())));
                let ty = match (declared, init_ty) {
                    (Some(d), Some((e, it))) => {
                        self.coerce(e, &it, &d);
                        d
                    }
                    (Some(d), None) => d,
                    (None, Some((_, it))) => it,
                    (None, None) => Ty::Unknown,
                };
                if self.body.locals[*local].ty.is_none()
                    && let Some(init) = *init
                    && matches!(ty, Ty::Tuple(_))
                {
                    if let Some(names) = self.tuple_names(init) {
                        self.local_tuple_names.insert(*local, names);
                    }
                    self.tuple_inits.insert(*local, init);
                }
                self.local_tys.insert(*local, ty);
            }
            Stmt::Foreach {
                local,
                deconstruction,
                source,
                body,
                enumeration,
            } => {
                let source_ty = self.infer_expr(*source, None);
                let elem = enumeration
                    .and_then(|e| self.bind_enumeration(*source, &source_ty, e))
                    .unwrap_or_else(|| known::element_type(&self.sdb, &source_ty));
                if let Some(local) = *local
                    && self.body.locals[local].ty.is_none()
                {
                    self.local_tys.insert(local, elem);
                } else if let Some(target) = *deconstruction {
                    self.deconstruct(target, &elem);
                }
                if let Some(body) = body {
                    self.infer_stmt(*body);
                }
            }
            Stmt::Block(stmts) => {
                for &s in stmts {
                    self.infer_stmt(s);
                }
            }
            Stmt::Return(e) => {
                let expected = self.frames.last().and_then(|f| f.expected.clone());
                if let Some(e) = e {
                    let ty = self.infer_expr(*e, expected.as_ref());
                    if let Some(expected) = &expected {
                        self.coerce(*e, &ty, expected);
                    }
                    if let Some(frame) = self.frames.last_mut() {
                        frame.returns.push(ty);
                    }
                }
            }
            Stmt::YieldReturn(e) => {
                let expected = self
                    .frames
                    .last()
                    .and_then(|f| f.expected.as_ref())
                    .and_then(|t| iterator_element(self.db, t));
                let ty = self.infer_expr(*e, expected.as_ref());
                if let Some(expected) = &expected {
                    self.coerce(*e, &ty, expected);
                }
            }
            Stmt::LocalFunction { local, body, .. } => {
                let expected = self.local_fn_returns.get(*local).cloned();
                if let Some(body) = body {
                    self.frames.push(Frame {
                        expected,
                        returns: Vec::new(),
                    });
                    self.infer_stmt(*body);
                    self.frames.pop();
                }
            }
            Stmt::Compound(parts) => self.infer_parts(parts),
            Stmt::Missing => {}
        }
    }

    /// The calls `foreach` makes on a collection of a source type (C# §13.9.5): a public instance
    /// `GetEnumerator()` found by member lookup, then `MoveNext()` and `Current` on what it returns;
    /// without one, those of the `IEnumerable<T>` interface the type implements. Returns the element
    /// type when the calls tell it.
    fn bind_enumeration(&mut self, source: ExprId, ty: &Ty, sites: Enumeration) -> Option<Ty> {
        let db = self.db;
        let ty = match ty {
            Ty::TypeParam(p) => type_param_bounds(db, self.member, p)
                .into_iter()
                .find(|b| matches!(b, Ty::Source(..)))?,
            Ty::Nullable(inner) if !overload::is_value_type(&self.sdb, inner) => (**inner).clone(),
            other => other.clone(),
        };
        if !matches!(ty, Ty::Source(..)) {
            return None;
        }
        let (get_enumerator, move_next) = if sites.is_await {
            ("GetAsyncEnumerator", "MoveNextAsync")
        } else {
            ("GetEnumerator", "MoveNext")
        };
        let Some((decl_ty, method)) = self.pattern_method(&ty, get_enumerator) else {
            // The interface the type implements, whose members are the framework's.
            // The enumerable interface and its enumerator.
            let (generic, plain) = if sites.is_await {
                (
                    (
                        KnownType::IAsyncEnumerableOfT,
                        KnownType::IAsyncEnumeratorOfT,
                    ),
                    None,
                )
            } else {
                (
                    (KnownType::IEnumerableOfT, KnownType::IEnumeratorOfT),
                    Some((KnownType::IEnumerable, KnownType::IEnumerator)),
                )
            };
            let supertypes = &overload::supertypes(&self.sdb, &ty).0;
            let (interface, enumerator) = supertypes
                .iter()
                .find_map(|t| Some((t, generic.1.ty(db, t.known_args(db, generic.0)?.to_vec()))))
                .or_else(|| {
                    let (enumerable, enumerator) = plain?;
                    let found = supertypes
                        .iter()
                        .find(|t| **t == Ty::known(db, enumerable))?;
                    Some((found, Ty::known(db, enumerator)))
                })?;
            for (expr, owner, name, kind) in [
                (source, interface, get_enumerator, CallKind::Call),
                (sites.move_next, &enumerator, move_next, CallKind::Call),
                (sites.current, &enumerator, "Current", CallKind::Get),
            ] {
                let callee = Callee::External(known::external_name(db, owner, name));
                self.site(expr, callee, kind);
            }
            return None;
        };
        self.site(source, Callee::Member(method), CallKind::Call);
        let enumerator = declared_type(db, method, &decl_ty);
        if !matches!(enumerator, Ty::Source(..)) {
            for (expr, name, kind) in [
                (sites.move_next, move_next, CallKind::Call),
                (sites.current, "Current", CallKind::Get),
            ] {
                let callee = Callee::External(known::external_name(db, &enumerator, name));
                self.site(expr, callee, kind);
            }
            return enumerator
                .known_args(db, KnownType::IEnumeratorOfT)
                .and_then(|a| a.first().cloned());
        }
        if let Some((_, step)) = self.pattern_method(&enumerator, move_next) {
            self.site(sites.move_next, Callee::Member(step), CallKind::Call);
        }
        let found = lookup_members(&self.sdb, &enumerator, "Current");
        let (current_ty, current) = found.groups.first()?;
        let current = *current.first()?;
        self.site(sites.current, Callee::Member(current), CallKind::Get);
        Some(declared_type(db, current, current_ty))
    }

    /// The calls a list pattern makes on a value of a source type (C# §11.2.11): its `Length` (else
    /// `Count`) property and its `int` indexer, whose type is the elements'.
    fn list_pattern_calls(&mut self, expr: ExprId, tested: &Ty) -> Ty {
        let db = self.db;
        if !matches!(tested, Ty::Source(..)) {
            return known::element_type(&self.sdb, tested);
        }
        for name in ["Length", "Count"] {
            let found = lookup_members(&self.sdb, tested, name);
            let property = found.groups.first().and_then(|(_, members)| {
                members
                    .iter()
                    .copied()
                    .find(|&m| member_ref(db, m).is_some_and(|d| d.kind == MemberKind::Property))
            });
            if let Some(property) = property {
                self.site(expr, Callee::Member(property), CallKind::Get);
                break;
            }
        }
        let index = [ArgInfo::implicit(
            ArgTy::Known(Ty::known(db, KnownType::Int32)),
            ParamModifier::None,
        )];
        for (decl_ty, members) in lookup_members(&self.sdb, tested, "this").groups {
            let members = self.accessible(&members);
            let candidates = self.candidates(&decl_ty, &members, false);
            if let Resolution::Bound(applied) =
                resolve_overloads(&self.sdb, &candidates, &index, &[])
                && let CandMember::Source(indexer) = candidates[applied.index].member
            {
                self.site(expr, Callee::Member(indexer), CallKind::Get);
                return declared_type(db, indexer, &decl_ty);
            }
        }
        Ty::Unknown
    }

    /// The public instance method `name` a pattern-based statement calls without arguments, and the
    /// constructed type that declares it.
    fn pattern_method(&self, ty: &Ty, name: &str) -> Option<(Ty, MemberId)> {
        let db = self.db;
        for (decl_ty, members) in lookup_members(&self.sdb, ty, name).groups {
            let in_interface = decl_ty
                .as_source()
                .is_some_and(|id| type_kind(db, id) == TypeKind::Interface);
            let eligible: Vec<MemberId> = members
                .into_iter()
                .filter(|&m| {
                    member_ref(db, m).is_some_and(|d| {
                        d.kind == MemberKind::Method
                            && !d.modifiers.contains(Modifiers::STATIC)
                            && (in_interface || d.modifiers.contains(Modifiers::PUBLIC))
                    })
                })
                .collect();
            let candidates = self.candidates(&decl_ty, &eligible, false);
            if let Resolution::Bound(applied) = resolve_overloads(&self.sdb, &candidates, &[], &[])
                && let CandMember::Source(member) = candidates[applied.index].member
            {
                return Some((decl_ty, member));
            }
        }
        None
    }

    /// The type of `await e` (C# §12.9.8.3): what `e.GetAwaiter().GetResult()` returns, so
    /// `await task.ConfigureAwait(false)` is the task's result too.
    fn awaited(&self, ty: &Ty) -> Ty {
        let direct = unwrap_task(self.db, ty);
        if direct != *ty {
            return direct;
        }
        match self
            .awaiter_step(ty, "GetAwaiter")
            .and_then(|awaiter| self.awaiter_step(&awaiter, "GetResult"))
        {
            Some(result) => result,
            None => direct,
        }
    }

    /// The result type of the parameterless instance method `name` of `ty`, a source or library
    /// type.
    fn awaiter_step(&self, ty: &Ty, name: &str) -> Option<Ty> {
        let db = self.db;
        if let Some((decl_ty, method)) = self.pattern_method(ty, name) {
            return Some(declared_type(db, method, &decl_ty));
        }
        crate::library::library_members(db, &self.libraries(), ty, name)
            .into_iter()
            .find_map(|(decl, members)| {
                members.into_iter().find_map(|m| {
                    let sig = crate::library::library_signature(db, &decl, m);
                    (m.kind == crate::library::LibMemberKind::Method
                        && sig.params.is_empty()
                        && sig.method_type_params == 0)
                        .then_some(sig.ret)
                })
            })
    }

    fn infer_parts(&mut self, parts: &[Part]) {
        for part in parts {
            match *part {
                Part::Expr(e) => {
                    self.infer_expr(e, None);
                }
                Part::Stmt(s) => self.infer_stmt(s),
            }
        }
    }

    fn infer_expr(&mut self, expr: ExprId, expected: Option<&Ty>) -> Ty {
        match self.infer_val(expr, Access::Read, expected) {
            Val::Value(ty) => ty,
            Val::Group(group) => {
                self.method_group(expr, &group, expected);
                Ty::Unknown
            }
            Val::Type(_) | Val::Unknown => Ty::Unknown,
        }
    }

    fn infer_val(&mut self, expr: ExprId, access: Access, expected: Option<&Ty>) -> Val {
        let db = self.db;
        match &self.body.exprs[expr] {
            Expr::Missing | Expr::Throw(_) if matches!(self.body.exprs[expr], Expr::Missing) => {
                Val::Unknown
            }
            Expr::Throw(e) => {
                self.infer_expr(*e, None);
                Val::Unknown
            }
            Expr::Literal(lit) => Val::Value(literal_ty(db, *lit)),
            Expr::Local(local) => {
                if self.body.locals[*local].kind == LocalKind::LocalFunction {
                    return Val::Unknown;
                }
                Val::Value(self.local_ty(*local))
            }
            Expr::Name { name, type_args } => {
                let type_args: Vec<Ty> =
                    type_args.iter().map(|t| self.resolver.resolve(t)).collect();
                self.resolve_name(expr, name, type_args, access)
            }
            Expr::Type(tr) => Val::Type(self.resolver.resolve(tr)),
            Expr::Member {
                receiver,
                name,
                type_args,
                ..
            } => {
                let type_args: Vec<Ty> =
                    type_args.iter().map(|t| self.resolver.resolve(t)).collect();
                let receiver_val = match self.color_color(*receiver, name) {
                    Some(ty) => Val::Type(ty),
                    None => self.infer_val(*receiver, Access::Read, None),
                };
                let receiver_val = match receiver_val {
                    Val::Group(group) => {
                        self.method_group(*receiver, &group, None);
                        Val::Unknown
                    }
                    other => other,
                };
                self.member_of(expr, receiver_val, name, type_args, access)
            }
            Expr::Invoke { callee, args } => self.infer_invoke(*callee, args),
            Expr::Index { receiver, args } => self.infer_index(expr, *receiver, args, access),
            Expr::New {
                ty,
                args,
                initializer,
            } => {
                let ty = match ty {
                    Some(tr) => self.resolver.resolve(tr),
                    None => expected.cloned().unwrap_or(Ty::Unknown),
                };
                self.infer_new(expr, &ty, args, initializer);
                Val::Value(ty)
            }
            Expr::InitMember { value, .. } => {
                self.infer_expr(*value, None);
                Val::Unknown
            }
            Expr::With {
                receiver,
                initializer,
            } => {
                let ty = self.infer_expr(*receiver, None);
                self.infer_initializer(&ty, initializer);
                Val::Value(ty)
            }
            Expr::NestedInitializer(items) => {
                for &item in items {
                    self.infer_expr(item, None);
                }
                Val::Unknown
            }
            Expr::PropertyPattern { ty, subpatterns } => {
                let tested = match ty {
                    Some(t) => self.resolver.resolve(t),
                    None => self.implicit_receiver(),
                };
                self.implicit_receivers.push(tested);
                for sub in subpatterns {
                    let value = self.infer_expr(sub.member, None);
                    self.implicit_receivers.push(value);
                    self.infer_parts(&sub.pattern);
                    self.implicit_receivers.pop();
                }
                self.implicit_receivers.pop();
                Val::Unknown
            }
            Expr::PositionalPattern { ty, elements } => {
                let tested = match ty {
                    Some(t) => self.resolver.resolve(t),
                    None => self.implicit_receiver(),
                };
                let tys = self.deconstructed(expr, &tested, elements.len());
                for (parts, ty) in elements.iter().zip(tys) {
                    self.implicit_receivers.push(ty);
                    self.infer_parts(parts);
                    self.implicit_receivers.pop();
                }
                Val::Unknown
            }
            Expr::PatternVar(local) => {
                let tested = self.implicit_receiver();
                let tested = match tested {
                    Ty::Nullable(inner) => *inner,
                    t => t,
                };
                self.local_tys.insert(*local, tested.clone());
                Val::Value(tested)
            }
            Expr::Deconstruction(elements) => {
                for &e in elements {
                    self.infer_expr(e, None);
                }
                Val::Unknown
            }
            Expr::ListPattern(elements) => {
                let tested = self.implicit_receiver();
                let element = self.list_pattern_calls(expr, &tested);
                self.implicit_receivers.push(element);
                self.infer_parts(elements);
                self.implicit_receivers.pop();
                Val::Unknown
            }
            Expr::Switch { scrutinee, arms } => {
                let tested = self.infer_expr(*scrutinee, None);
                self.implicit_receivers.push(tested);
                // A switch expression's arm ends with its value (a statement's section with a
                // statement): the expression's type is the arms' best common type (C# §12.11).
                let mut values = Vec::new();
                for arm in arms {
                    match arm {
                        Part::Stmt(s) => match &self.body.stmts[*s] {
                            Stmt::Compound(parts) => match parts.split_last() {
                                Some((Part::Expr(value), rest)) => {
                                    self.infer_parts(rest);
                                    values.push(self.infer_expr(*value, expected));
                                }
                                _ => self.infer_parts(parts),
                            },
                            _ => self.infer_stmt(*s),
                        },
                        Part::Expr(e) => {
                            self.infer_expr(*e, None);
                        }
                    }
                }
                self.implicit_receivers.pop();
                Val::Value(best_common_type(&self.sdb, &values))
            }
            Expr::ImplicitReceiver => Val::Value(self.implicit_receiver()),
            Expr::CtorInitializer { is_base, args } => {
                let target = if *is_base {
                    base_class_of(&self.sdb, &self.self_ty)
                } else {
                    Some(self.self_ty.clone())
                };
                match target {
                    Some(target) => self.bind_ctor(expr, &target, args),
                    None => self.infer_args_unbound(args),
                }
                Val::Unknown
            }
            Expr::ImplicitBaseCtor => {
                // Only a source base class is a call worth reporting: `System.Object()` is every
                // class's.
                if let Some(base @ Ty::Source(..)) = base_class_of(&self.sdb, &self.self_ty) {
                    self.bind_ctor(expr, &base, &[]);
                }
                Val::Unknown
            }
            Expr::ArrayNew {
                elem,
                sizes,
                elements,
            } => {
                for &size in sizes {
                    self.infer_expr(size, None);
                }
                let elem = elem.as_ref().map(|t| self.resolver.resolve(t));
                let tys: Vec<Ty> = elements
                    .iter()
                    .map(|&e| self.infer_expr(e, elem.as_ref()))
                    .collect();
                let elem = elem.unwrap_or_else(|| best_common_type(&self.sdb, &tys));
                Val::Value(Ty::Array(Box::new(elem), 1))
            }
            Expr::AnonymousObject { members } => {
                let members = members
                    .iter()
                    .map(|(name, e)| (name.clone(), self.infer_expr(*e, None)))
                    .collect();
                Val::Value(Ty::Anonymous(members))
            }
            Expr::Assign { op, lhs, rhs } => Val::Value(self.infer_assign(expr, *op, *lhs, *rhs)),
            Expr::Binary { op, lhs, rhs } => {
                Val::Value(self.infer_binary(expr, op, *lhs, *rhs, expected))
            }
            Expr::Unary { op, operand } => {
                let is_step = matches!(op.as_str(), "++" | "--");
                let ty = match self.infer_val(
                    *operand,
                    if is_step {
                        Access::ReadWrite
                    } else {
                        Access::Read
                    },
                    None,
                ) {
                    Val::Value(t) => t,
                    _ => Ty::Unknown,
                };
                let name = operator_name(op, 1).unwrap_or_default();
                if let Some(ret) = self.user_operator(expr, name, std::slice::from_ref(&ty)) {
                    return Val::Value(ret);
                }
                Val::Value(if op == "!" {
                    Ty::known(db, KnownType::Boolean)
                } else {
                    ty
                })
            }
            Expr::Cast { ty, expr: inner } => {
                let target = self.resolver.resolve(ty);
                let from = self.infer_expr(*inner, Some(&target));
                self.conversion_operator(expr, &from, &target, true);
                Val::Value(target)
            }
            Expr::As { expr: inner, ty } => {
                self.infer_expr(*inner, None);
                Val::Value(self.resolver.resolve(ty))
            }
            Expr::Is {
                expr: inner,
                rest,
                binding,
                ..
            } => {
                let tested = match self.infer_expr(*inner, None) {
                    Ty::Nullable(inner) => *inner,
                    t => t,
                };
                // `x is { } y` and `x is var y` give `y` the tested expression's type.
                if let Some(local) = *binding
                    && self.body.locals[local].ty.is_none()
                    && tested != Ty::Unknown
                {
                    self.local_tys.insert(local, tested.clone());
                }
                self.implicit_receivers.push(tested);
                for &e in rest {
                    self.infer_expr(e, None);
                }
                self.implicit_receivers.pop();
                Val::Value(Ty::known(db, KnownType::Boolean))
            }
            Expr::Conditional { cond, then, else_ } => {
                self.infer_expr(*cond, None);
                let a = self.infer_expr(*then, expected);
                let b = self.infer_expr(*else_, expected);
                Val::Value(self.conditional_type(*then, a, *else_, b))
            }
            Expr::Await(inner) => {
                let ty = self.infer_expr(*inner, None);
                Val::Value(self.awaited(&ty))
            }
            Expr::Lambda { .. } => {
                let shape = expected.and_then(|t| known::delegate_shape(&self.sdb, t));
                let (params, ret) = shape.map_or((Vec::new(), None), |(p, r)| (p, Some(r)));
                self.infer_lambda(expr, &params, ret);
                Val::Unknown
            }
            Expr::This => Val::Value(self.self_ty.clone()),
            Expr::Base => base_class_of(&self.sdb, &self.self_ty).map_or(Val::Unknown, Val::Value),
            Expr::TypeOf(_) => Val::Value(Ty::known(db, KnownType::Type)),
            Expr::Default(ty) => match ty {
                Some(t) => Val::Value(self.resolver.resolve(t)),
                None => expected.cloned().map_or(Val::Unknown, Val::Value),
            },
            Expr::NameOf => Val::Value(Ty::known(db, KnownType::String)),
            Expr::Tuple { elements, .. } => {
                let tys = elements.iter().map(|&e| self.infer_expr(e, None)).collect();
                Val::Value(Ty::Tuple(tys))
            }
            Expr::InterpolatedString(parts) => {
                for &e in parts {
                    self.infer_expr(e, None);
                }
                Val::Value(Ty::known(db, KnownType::String))
            }
            Expr::Declaration(local) => Val::Value(self.local_ty(*local)),
            Expr::Other(children) => {
                for &e in children {
                    self.infer_expr(e, None);
                }
                Val::Unknown
            }
            Expr::Missing => Val::Unknown,
        }
    }

    /// `Currency.Usd` where `Currency` names both a property of type `Currency` and the type (C#
    /// §12.8.7.2): when the type has the member, the name means the type.
    fn color_color(&mut self, receiver: ExprId, member: &str) -> Option<Ty> {
        let Expr::Name { name, type_args } = &self.body.exprs[receiver] else {
            return None;
        };
        if !type_args.is_empty() {
            return None;
        }
        let path = Path {
            qualifier: PathQualifier::None,
            segments: vec![PathSegment {
                name: name.clone(),
                args: Vec::new(),
            }],
        };
        let ty = self.resolver.resolve(&TypeRef::Path(path));
        if !matches!(ty, Ty::Source(..) | Ty::Library(..)) {
            return None;
        }
        let found = lookup_members(&self.sdb, &self.self_ty, name);
        let (_, members) = found.groups.first()?;
        let member_ty = member_signature(self.db, *members.first()?).ty.clone()?;
        if member_ty != ty {
            return None;
        }
        // The type reading applies when the member is one a type reaches: static, constant, enum
        // member (`Encoding = Encoding.UTF8` in a class with an `Encoding Encoding` property).
        let on_type = if let Ty::Library(..) = ty {
            let index = self.libraries();
            crate::library::library_members(self.db, &index, &ty, member)
                .into_iter()
                .flat_map(|(_, m)| m)
                .any(|m| external::member_is_static(&index, m))
        } else {
            lookup_members(&self.sdb, &ty, member)
                .groups
                .into_iter()
                .flat_map(|(_, m)| m)
                .any(|m| {
                    member_ref(self.db, m).is_some_and(|d| {
                        d.modifiers.contains(Modifiers::STATIC)
                            || matches!(d.kind, MemberKind::Constant | MemberKind::EnumMember)
                    })
                })
        };
        on_type.then_some(ty)
    }

    /// A simple name: a member of an enclosing type (or a `using static` type), else a type or
    /// namespace.
    fn resolve_name(
        &mut self,
        expr: ExprId,
        name: &SmolStr,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        let mut current = Some(self.owner);
        while let Some(id) = current {
            let ty = if id == self.owner {
                self.self_ty.clone()
            } else {
                Ty::Source(id, Resolver::identity_args(db, id))
            };
            let mut found = self.lookup_for(&ty, name, access);
            // A name with type arguments is a generic method or type (C# §12.8.4): a property of
            // that name (`ResultPredicates<T>.None` beside a `ResultPredicates` property) is not it.
            if !type_args.is_empty() {
                found.groups.retain(|(_, members)| {
                    members
                        .iter()
                        .any(|&m| member_ref(db, m).is_some_and(|d| d.kind == MemberKind::Method))
                });
            }
            if !found.groups.is_empty() {
                return self.member_val(expr, name, Some(ty), found, type_args, access);
            }
            // Members inherited from a library base class (`Write` inside a `Stream` subclass).
            if let Some(base) = &found.external
                && let Some(val) = self.library_member_of(
                    expr,
                    Some(ty.clone()),
                    base,
                    name,
                    &type_args,
                    access,
                    external::Wanted::Any,
                )
            {
                return val;
            }
            current = type_header(db, id).and_then(|h| h.parent);
        }
        let (_, statics) = self.imports();
        for ty in &statics {
            let found = self.lookup_for(ty, name, access);
            if !found.groups.is_empty() {
                return self.member_val(expr, name, None, found, type_args, access);
            }
        }
        for ty in &statics {
            if self.libraries().type_of(db, ty).is_some()
                && let Some(val) = self.library_member_of(
                    expr,
                    None,
                    ty,
                    name,
                    &type_args,
                    access,
                    external::Wanted::ImportedStatic,
                )
            {
                return val;
            }
        }
        // `using static System.Console;` then `WriteLine(..)`: a method no source type declares, invoked
        // by its simple name, comes from the one framework type imported that way.
        let external_statics: Vec<&Ty> = statics
            .iter()
            .filter(|t| matches!(t, Ty::Library(..) | Ty::Unresolved(..)))
            .collect();
        // Every class inherits `System.Object`'s methods, callable by their simple names.
        if access == Access::Invoke && OBJECT_METHODS.contains(&name.as_str()) {
            return Val::Group(Group {
                external: Some(Ty::object(db)),
                ..Group::named(name, type_args)
            });
        }
        if access == Access::Invoke
            && let [only] = external_statics.as_slice()
        {
            return Val::Group(Group {
                external: Some((*only).clone()),
                ..Group::named(name, type_args)
            });
        }
        let path = Path {
            qualifier: PathQualifier::None,
            segments: vec![PathSegment {
                name: name.clone(),
                args: Vec::new(),
            }],
        };
        match self.resolve_with_args(path, &type_args) {
            Ty::Unknown => Val::Unknown,
            // A camelCase name nothing declares is a variable the binder missed, not a type: say it
            // is unknown rather than invent an external type (`System`, `Console` stay types).
            Ty::Unresolved(full, _) if full.starts_with(|c: char| c.is_lowercase() || c == '_') => {
                Val::Unknown
            }
            ty => Val::Type(ty),
        }
    }

    /// A type named in an expression (`Getter<T>` in `Getter<T>.Get(p)`) whose last segment has the
    /// type arguments `type_args`, already resolved: the path gives the arity, they the arguments.
    fn resolve_with_args(&self, mut path: Path, type_args: &[Ty]) -> Ty {
        if let Some(last) = path.segments.last_mut() {
            last.args = vec![TypeRef::Error; type_args.len()];
        }
        let with_args = |mut args: Vec<Ty>| {
            args.truncate(args.len().saturating_sub(type_args.len()));
            args.extend(type_args.iter().cloned());
            args
        };
        match self.resolver.resolve(&TypeRef::Path(path)) {
            Ty::Source(id, args) => Ty::Source(id, with_args(args)),
            Ty::Library(id, args) => Ty::Library(id, with_args(args)),
            Ty::Unresolved(name, args) => Ty::Unresolved(name, with_args(args)),
            other => other,
        }
    }

    fn member_of(
        &mut self,
        expr: ExprId,
        receiver: Val,
        name: &SmolStr,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        match receiver {
            Val::Value(ty) => {
                // A `T` stays the receiver of extension methods: it converts to its bounds, not
                // only to the one whose members are looked up below.
                let written = ty.clone();
                // `Nullable<T>`'s own members (its overrides of `object`'s among them: the
                // compiler calls `object`'s, not `T`'s) are looked up on it.
                let ty = match ty {
                    Ty::Nullable(inner)
                        if !matches!(
                            name.as_str(),
                            "Value"
                                | "HasValue"
                                | "GetValueOrDefault"
                                | "ToString"
                                | "GetHashCode"
                                | "Equals"
                        ) =>
                    {
                        *inner
                    }
                    // Members of a `T` are those of what it is bound by (`where T : Entity`).
                    // Without a source bound that has the member, a framework bound's (or
                    // `System.Object`'s) members are those of a `T`.
                    Ty::TypeParam(p) => {
                        let bounds = type_param_bounds(db, self.member, &p);
                        let source = bounds
                            .iter()
                            .find(|b| !lookup_members(&self.sdb, b, name).groups.is_empty());
                        match source {
                            Some(bound) => bound.clone(),
                            None => bounds
                                .into_iter()
                                .find(|b| matches!(b, Ty::Library(..) | Ty::Unresolved(..)))
                                .unwrap_or_else(|| Ty::object(db)),
                        }
                    }
                    // Its properties' getters are the compiler's, no edge; its methods are
                    // `object`'s.
                    Ty::Anonymous(members) => match members.into_iter().find(|(n, _)| n == name) {
                        Some((_, ty)) => {
                            self.result.synthesized.push(expr);
                            return Val::Value(ty);
                        }
                        None => Ty::object(db),
                    },
                    other => other,
                };
                if let Ty::Tuple(elements) = &ty
                    && access != Access::Invoke
                    && let Some(element) = self.tuple_element(expr, elements, name)
                {
                    return Val::Value(element);
                }
                if ty == Ty::Unknown {
                    if access == Access::Invoke {
                        return Val::Group(Group::named(name, type_args));
                    }
                    self.unresolved(expr, name.clone(), UnresolvedReason::UnknownReceiver);
                    return Val::Unknown;
                }
                let found = self.lookup_for(&ty, name, access);
                if !found.groups.is_empty() {
                    return self.member_val(expr, name, Some(ty), found, type_args, access);
                }
                // Members a reference assembly declares, on the type or on a library base of it.
                let library_from = match &ty {
                    Ty::Source(..) => found.external.clone(),
                    Ty::Array(..) => Some(Ty::known(db, KnownType::Array)),
                    other => Some(other.clone()),
                };
                if let Some(from) = library_from
                    && let Some(val) =
                        self.library_member(expr, Some(ty.clone()), &from, name, &type_args, access)
                {
                    return val;
                }
                if access == Access::Invoke {
                    let receiver = match written {
                        Ty::TypeParam(_) => written,
                        _ => ty,
                    };
                    return Val::Group(Group {
                        receiver: Some(receiver),
                        external: found.external,
                        ..Group::named(name, type_args)
                    });
                }
                if let Some(val) =
                    self.extension_block_member(expr, Some(&ty), &ty, name, &type_args, access)
                {
                    return val;
                }
                // A type whose members are all known (a source type without a base outside the
                // sources, or a library type) and none is this one; else a type declared in an
                // assembly that was not found.
                let known_type = self.libraries().type_of(db, &ty).is_some()
                    || matches!(ty, Ty::Source(..)) && found.external.is_none();
                let reason = if known_type {
                    UnresolvedReason::NotFound
                } else {
                    UnresolvedReason::MissingMetadata
                };
                self.unresolved(expr, name.clone(), reason);
                Val::Unknown
            }
            // `T.Parse(s)`: a static (abstract or virtual) member of an interface `T` is bound by
            // (C# 11), through a source bound that has it, else a framework one.
            Val::Type(Ty::TypeParam(p)) => {
                let bounds = type_param_bounds(db, self.member, &p);
                let bound = bounds
                    .iter()
                    .find(|b| !lookup_members(&self.sdb, b, name).groups.is_empty())
                    .or_else(|| {
                        bounds
                            .iter()
                            .find(|b| matches!(b, Ty::Library(..) | Ty::Unresolved(..)))
                    })
                    .cloned();
                match bound {
                    Some(bound) => self.member_of(expr, Val::Type(bound), name, type_args, access),
                    None => self.member_of(expr, Val::Unknown, name, type_args, access),
                }
            }
            Val::Type(ty) => {
                if let Ty::Source(id, args) = &ty {
                    if let Some(nested) = nested_type(db, *id, name, type_args.len() as u32) {
                        let mut all = args.clone();
                        all.extend(type_args);
                        return Val::Type(Ty::Source(nested, all));
                    }
                    let found = self.lookup_for(&ty, name, access);
                    if !found.groups.is_empty() {
                        return self.member_val(expr, name, None, found, type_args, access);
                    }
                    if access == Access::Invoke {
                        return Val::Group(Group {
                            external: found.external,
                            ..Group::named(name, type_args)
                        });
                    }
                    if found.external.is_none_or(|e| lookup::is_object(db, &e)) {
                        self.unresolved(expr, name.clone(), UnresolvedReason::NotFound);
                    }
                    return Val::Unknown;
                }
                let Some((prefix, prefix_args)) = ty.written_name(db) else {
                    return Val::Unknown;
                };
                let (prefix, prefix_args) = (SmolStr::new(prefix), prefix_args.to_vec());
                // A library type's static members, then its nested types.
                if self.libraries().type_of(db, &ty).is_some() {
                    if let Some(val) =
                        self.library_member(expr, None, &ty, name, &type_args, access)
                    {
                        return val;
                    }
                    let nested =
                        self.resolver
                            .named_ty(SmolStr::new(format!("{prefix}.{name}")), {
                                let mut all = prefix_args;
                                all.extend(type_args.iter().cloned());
                                all
                            });
                    if self.libraries().type_of(db, &nested).is_some() {
                        return Val::Type(nested);
                    }
                    if let Some(val) =
                        self.extension_block_member(expr, None, &ty, name, &type_args, access)
                    {
                        return val;
                    }
                    // The assemblies declare the type, and no such member: no invented edge.
                    if access == Access::Invoke {
                        return Val::Group(Group {
                            library: vec![(ty.clone(), Vec::new())],
                            ..Group::named(name, type_args)
                        });
                    }
                    self.unresolved(expr, name.clone(), UnresolvedReason::NotFound);
                    return Val::Unknown;
                }
                // A namespace or a framework type: try the longer name as a type first.
                let full = format!("{prefix}.{name}");
                let segments = full
                    .split('.')
                    .map(|s| PathSegment {
                        name: SmolStr::new(s),
                        args: Vec::new(),
                    })
                    .collect::<Vec<_>>();
                let path = Path {
                    qualifier: PathQualifier::Global,
                    segments,
                };
                match self.resolve_with_args(path, &type_args) {
                    found @ Ty::Source(..) => Val::Type(found),
                    _ if access == Access::Invoke => Val::Group(Group {
                        external: Some(ty.clone()),
                        ..Group::named(name, type_args)
                    }),
                    _ => Val::Type(self.resolver.named_ty(SmolStr::new(full), type_args)),
                }
            }
            Val::Group(_) | Val::Unknown => {
                if access == Access::Invoke {
                    return Val::Group(Group::named(name, type_args));
                }
                self.unresolved(expr, name.clone(), UnresolvedReason::UnknownReceiver);
                Val::Unknown
            }
        }
    }

    /// The value of a found member: a method group, or a property, field or event (recording the
    /// accessor calls the access makes).
    fn member_val(
        &mut self,
        expr: ExprId,
        name: &SmolStr,
        receiver: Option<Ty>,
        found: Found,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        let Some((decl_ty, members)) = found.groups.first() else {
            return Val::Unknown;
        };
        let Some(&first) = members.first() else {
            return Val::Unknown;
        };
        let Some(data) = member_ref(db, first) else {
            return Val::Unknown;
        };
        let decl_args = match decl_ty {
            Ty::Source(_, args) => args.clone(),
            _ => Vec::new(),
        };
        let member_ty = || {
            member_signature(db, first)
                .ty
                .clone()
                .unwrap_or(Ty::Unknown)
                .substitute(&decl_args)
        };
        match data.kind {
            MemberKind::Method
            | MemberKind::Operator
            | MemberKind::Conversion
            | MemberKind::Constructor => Val::Group(Group {
                name: name.clone(),
                levels: found.groups,
                receiver,
                external: found.external,
                type_args,
                library: Vec::new(),
            }),
            MemberKind::Property | MemberKind::Indexer => {
                let callee = Callee::Member(first);
                // A get-only auto-property is assigned (in a constructor) through its backing field.
                let has_setter =
                    data.accessors.set || data.accessors.init || data.kind == MemberKind::Indexer;
                if access != Access::Write || has_setter {
                    self.accessor_sites(expr, callee, access);
                }
                Val::Value(member_ty())
            }
            MemberKind::Event => {
                match access {
                    Access::Add => self.site(expr, Callee::Member(first), CallKind::EventAdd),
                    Access::Remove => self.site(expr, Callee::Member(first), CallKind::EventRemove),
                    _ => {}
                }
                Val::Value(member_ty())
            }
            MemberKind::Field | MemberKind::Constant => {
                self.field_access(expr, Callee::Member(first), access);
                Val::Value(member_ty())
            }
            MemberKind::EnumMember => {
                self.field_access(expr, Callee::Member(first), access);
                Val::Value(decl_ty.clone())
            }
            MemberKind::Destructor => Val::Unknown,
        }
    }

    /// The type a lambda's body gives with these parameter types, leaving no trace: the sites, the
    /// unresolved entries and the local types it found are dropped (the lambda is bound for real
    /// once its call is). Nested speculation is bounded: each level may try every overload again.
    fn speculative_lambda(&mut self, lambda: ExprId, params: &[Ty]) -> Option<Ty> {
        let key = (lambda, params.to_vec());
        if let Some(result) = self.lambda_results.get(&key) {
            return result.clone();
        }
        if self.speculation_depth >= 3 {
            return None;
        }
        self.speculation_depth += 1;
        let sites = self.result.sites.len();
        let unresolved = self.result.unresolved.len();
        let fields = self.result.field_accesses.len();
        let pending = self.pending_groups.len();
        let locals = self.local_tys.clone();
        let result = self.infer_lambda(lambda, params, None);
        self.result.sites.truncate(sites);
        self.result.unresolved.truncate(unresolved);
        self.result.field_accesses.truncate(fields);
        self.pending_groups.truncate(pending);
        self.local_tys = locals;
        self.speculation_depth -= 1;
        self.lambda_results.insert(key, result.clone());
        result
    }

    /// The parameter types of a method group's methods, as the receiver's type sees them.
    fn group_signatures(&self, group: &Group) -> Vec<Vec<Ty>> {
        let source = group
            .levels
            .iter()
            .flat_map(|(decl_ty, members)| self.candidates(decl_ty, members, false));
        let library = group.library.iter().flat_map(|(decl_ty, members)| {
            members
                .iter()
                .map(|&m| external::library_candidate(self.db, decl_ty, m, false))
        });
        source
            .chain(library)
            .map(|c| c.params.into_iter().map(|p| p.ty).collect())
            .collect()
    }

    /// A method group passed as an argument, bound against the parameter type it went to (or, for
    /// a call that bound nothing, against nothing).
    fn finish_group_arg(&mut self, expr: ExprId, param: Option<&Ty>) {
        if let Some(i) = self.pending_groups.iter().position(|(e, _)| *e == expr) {
            let (_, group) = self.pending_groups.swap_remove(i);
            self.method_group(expr, &group, param);
        }
    }

    /// A method group used as a value: a reference to the one method it can mean.
    fn method_group(&mut self, expr: ExprId, group: &Group, expected: Option<&Ty>) {
        let members: Vec<MemberId> = group
            .levels
            .iter()
            .flat_map(|(_, m)| m.iter().copied())
            .collect();
        let shape = expected.and_then(|t| known::delegate_shape(&self.sdb, t));
        let fitting: Vec<MemberId> = match &shape {
            Some((params, _)) => members
                .iter()
                .copied()
                .filter(|&m| member_signature(self.db, m).params.len() == params.len())
                .collect(),
            None => members,
        };
        match fitting.as_slice() {
            [one] => self.site(expr, Callee::Member(*one), CallKind::MethodGroup),
            [] => self.library_method_group(expr, group, shape.as_ref().map(|(p, _)| p.as_slice())),
            _ => self.unresolved(expr, group.name.clone(), UnresolvedReason::Ambiguous),
        }
    }

    /// A library method named without being called (`SleepAsync = Task.Delay`): a reference to the
    /// one method of the group whose parameter count fits the delegate, when one does.
    fn library_method_group(&mut self, expr: ExprId, group: &Group, params: Option<&[Ty]>) {
        let db = self.db;
        // The delegate's parameter types must convert to the method's (§10.8).
        let fits = |decl: &Ty, m: LibMember| {
            let sig = crate::library::library_signature(db, decl, m);
            params.is_none_or(|params| {
                sig.params.len() == params.len()
                    && sig.params.iter().zip(params).all(|((_, to, _, _), from)| {
                        overload::conv(&self.sdb, from, to) >= overload::Conv::Unknown
                    })
            })
        };
        let fitting: Vec<LibMember> = group
            .library
            .iter()
            .flat_map(|(decl, m)| m.iter().copied().filter(move |&m| fits(decl, m)))
            .collect();
        match fitting.as_slice() {
            [one] => self.site(expr, Callee::Library(*one), CallKind::MethodGroup),
            [] => {}
            _ if group.levels.is_empty() => {
                self.unresolved(expr, group.name.clone(), UnresolvedReason::Ambiguous)
            }
            _ => {}
        }
    }

    fn candidates(&self, decl_ty: &Ty, members: &[MemberId], extension: bool) -> Vec<Candidate> {
        let db = self.db;
        let decl_args = match decl_ty {
            Ty::Source(_, args) => args.clone(),
            _ => Vec::new(),
        };
        members
            .iter()
            .filter_map(|&m| {
                let data = member_ref(db, m)?;
                let sig = member_signature(db, m);
                let params = sig
                    .params
                    .iter()
                    .zip(&data.params)
                    .skip(usize::from(extension))
                    .map(|((ty, modifier), p)| ParamInfo {
                        name: p.name.clone(),
                        ty: ty.substitute(&decl_args),
                        modifier: *modifier,
                        has_default: p.has_default,
                    })
                    .collect();
                Some(Candidate {
                    member: CandMember::Source(m),
                    params,
                    method_type_params: data.type_params.len(),
                })
            })
            .collect()
    }

    /// The members code of this body may use: an inaccessible overload is no candidate (C# §12.6.4.1).
    fn accessible(&self, members: &[MemberId]) -> Vec<MemberId> {
        members
            .iter()
            .copied()
            .filter(|&m| lookup::is_accessible(self.db, m, self.owner))
            .collect()
    }

    fn arg_infos(&mut self, args: &[Arg]) -> Vec<ArgInfo> {
        args.iter()
            .map(|arg| {
                let ty = match &self.body.exprs[arg.expr] {
                    Expr::Lambda {
                        params,
                        body,
                        is_async,
                    } => {
                        let returns = match (*is_async, self.lambda_return(*body)) {
                            (false, returns) => returns,
                            // `async () => { ...; }` is a void or `Task` delegate, `async () => {
                            // return x; }` a `Task<T>` one.
                            (true, LambdaReturn::Void) if self.is_block(*body) => {
                                LambdaReturn::AsyncVoid
                            }
                            (true, LambdaReturn::BlockValue) => LambdaReturn::AsyncValue,
                            (true, _) => LambdaReturn::ExpressionValue,
                        };
                        let explicit: Option<Vec<Ty>> = params
                            .iter()
                            .map(|&p| {
                                self.body.locals[p]
                                    .ty
                                    .as_ref()
                                    .map(|t| self.resolver.resolve(t))
                            })
                            .collect();
                        ArgTy::Lambda(params.len(), returns, explicit.filter(|e| !e.is_empty()))
                    }
                    Expr::Declaration(local) if self.body.locals[*local].ty.is_none() => {
                        ArgTy::Unknown
                    }
                    _ => match self.infer_val(arg.expr, Access::Read, None) {
                        Val::Value(Ty::Unknown) | Val::Type(_) | Val::Unknown => ArgTy::Unknown,
                        Val::Value(ty) => ArgTy::Known(ty),
                        // Bound once the call's parameter (a delegate type) is known.
                        Val::Group(group) => {
                            let signatures = self.group_signatures(&group);
                            self.pending_groups.push((arg.expr, group));
                            ArgTy::MethodGroup(signatures)
                        }
                    },
                };
                let modifier = match arg.modifier {
                    ArgModifier::None => ParamModifier::None,
                    ArgModifier::Ref => ParamModifier::Ref,
                    ArgModifier::Out => ParamModifier::Out,
                    ArgModifier::In => ParamModifier::In,
                };
                let bounds = match &ty {
                    ArgTy::Known(ty) => self.arg_bounds(ty),
                    _ => Vec::new(),
                };
                ArgInfo {
                    expr: Some(arg.expr),
                    name: arg.name.clone(),
                    ty,
                    modifier,
                    int_constant: self.integral_constant(arg.expr),
                    bounds,
                }
            })
            .collect()
    }

    /// The constraint types of an argument whose type is a type parameter, for its conversions.
    fn arg_bounds(&self, ty: &Ty) -> Vec<Ty> {
        match ty {
            Ty::TypeParam(param) => type_param_bounds(self.db, self.member, param),
            _ => Vec::new(),
        }
    }

    /// What a lambda body gives back, without binding it (see [`LambdaReturn`]). An expression body
    /// counts as `void` only when it calls a method of the enclosing types by its simple name and every
    /// method of that name returns `void`.
    fn lambda_return(&self, body: StmtId) -> LambdaReturn {
        match &self.body.stmts[body] {
            Stmt::Return(Some(expr)) => match &self.body.exprs[*expr] {
                Expr::Invoke { callee, .. } => match &self.body.exprs[*callee] {
                    Expr::Name { name, .. } => self.simple_name_return(name),
                    // `(t, args) => entryAction()` with `Action entryAction`: the delegate's result.
                    Expr::Local(local) => match &self.body.locals[*local].ty {
                        Some(declared) => {
                            match known::delegate_shape(&self.sdb, &self.resolver.resolve(declared))
                            {
                                Some((_, ret)) if ret.is_known(self.db, KnownType::Void) => {
                                    LambdaReturn::Void
                                }
                                Some((_, Ty::Unknown)) | None => LambdaReturn::Unknown,
                                Some(_) => LambdaReturn::ExpressionValue,
                            }
                        }
                        None => LambdaReturn::Unknown,
                    },
                    _ => LambdaReturn::Unknown,
                },
                Expr::Assign { .. } | Expr::Unary { .. } | Expr::New { .. } => {
                    LambdaReturn::ExpressionValue
                }
                Expr::Literal(_)
                | Expr::Binary { .. }
                | Expr::Local(_)
                | Expr::Member { .. }
                | Expr::Await(_) => LambdaReturn::ExpressionValue,
                _ => LambdaReturn::Unknown,
            },
            Stmt::Block(stmts) => {
                if stmts.iter().any(|&s| self.returns_value(s)) {
                    LambdaReturn::BlockValue
                } else {
                    LambdaReturn::Void
                }
            }
            _ => LambdaReturn::Unknown,
        }
    }

    /// Whether a statement (not a nested lambda or local function) holds `return expr;`.
    fn is_block(&self, stmt: StmtId) -> bool {
        matches!(self.body.stmts[stmt], Stmt::Block(_))
    }

    fn returns_value(&self, stmt: StmtId) -> bool {
        match &self.body.stmts[stmt] {
            Stmt::Return(value) => value.is_some(),
            Stmt::Block(stmts) => stmts.iter().any(|&s| self.returns_value(s)),
            Stmt::Foreach { body, .. } => body.is_some_and(|b| self.returns_value(b)),
            Stmt::Compound(parts) => self.parts_return_value(parts),
            Stmt::Expr(e) => match &self.body.exprs[*e] {
                Expr::Switch { arms, .. } => self.parts_return_value(arms),
                _ => false,
            },
            Stmt::Let { .. }
            | Stmt::LocalFunction { .. }
            | Stmt::YieldReturn(_)
            | Stmt::Missing => false,
        }
    }

    fn parts_return_value(&self, parts: &[Part]) -> bool {
        parts
            .iter()
            .any(|p| matches!(p, Part::Stmt(s) if self.returns_value(*s)))
    }

    fn simple_name_return(&self, name: &SmolStr) -> LambdaReturn {
        let found = lookup_members(&self.sdb, &self.self_ty, name);
        let methods: Vec<MemberId> = found
            .groups
            .iter()
            .flat_map(|(_, members)| members.iter().copied())
            .collect();
        if methods.is_empty() {
            return LambdaReturn::Unknown;
        }
        let void = Ty::known(self.db, KnownType::Void);
        let returns: Vec<bool> = methods
            .iter()
            .map(|&m| {
                member_signature(self.db, m)
                    .ty
                    .as_ref()
                    .is_some_and(|t| *t != void)
            })
            .collect();
        if returns.iter().all(|&r| !r) {
            LambdaReturn::Void
        } else if returns.iter().all(|&r| r) {
            LambdaReturn::ExpressionValue
        } else {
            LambdaReturn::Unknown
        }
    }

    /// After binding: lambdas get their parameter types from the parameter's delegate type, `out var`s
    /// their types, and arguments their user-defined conversions.
    fn finish_args(
        &mut self,
        args: &[Arg],
        infos: &[ArgInfo],
        param_tys: &[Ty],
        method_args: &mut [Ty],
    ) {
        for (i, arg) in args.iter().enumerate() {
            let param = param_tys
                .get(i)
                .map(|p| p.substitute_method(method_args))
                .unwrap_or(Ty::Unknown);
            match &self.body.exprs[arg.expr] {
                Expr::Lambda { .. } => {
                    let (params, ret) = known::delegate_shape(&self.sdb, &param)
                        .map_or((Vec::new(), None), |(p, r)| (p, Some(r)));
                    let result = self.infer_lambda(arg.expr, &params, ret.clone());
                    if let (Some(ret), Some(result)) = (
                        param_tys
                            .get(i)
                            .and_then(|p| known::delegate_shape(&self.sdb, p))
                            .map(|s| s.1),
                        result.filter(|r| !r.is_known(self.db, KnownType::Void)),
                    ) {
                        unify(&self.sdb, &ret, &result, method_args);
                    }
                }
                Expr::Declaration(local) if self.body.locals[*local].ty.is_none() => {
                    self.local_tys.insert(*local, param);
                }
                _ => {
                    if let Some(ArgInfo {
                        ty: ArgTy::Known(from),
                        ..
                    }) = infos.get(i)
                    {
                        let from = from.clone();
                        self.coerce(arg.expr, &from, &param);
                    }
                    self.finish_group_arg(arg.expr, Some(&param));
                }
            }
        }
    }

    /// Binds lambdas and `out var`s of a call that bound nothing.
    fn infer_args_unbound(&mut self, args: &[Arg]) {
        for arg in args {
            match &self.body.exprs[arg.expr] {
                Expr::Lambda { .. } => {
                    self.infer_lambda(arg.expr, &[], None);
                }
                Expr::Declaration(_) => {}
                _ => {
                    self.infer_expr(arg.expr, None);
                }
            }
        }
    }

    /// Infers a lambda's body with its parameters typed; returns the type of what it returns.
    fn infer_lambda(&mut self, lambda: ExprId, param_tys: &[Ty], ret: Option<Ty>) -> Option<Ty> {
        let Expr::Lambda {
            params,
            body,
            is_async,
        } = &self.body.exprs[lambda]
        else {
            return None;
        };
        for (i, &local) in params.iter().enumerate() {
            if self.body.locals[local].ty.is_none() {
                self.local_tys
                    .insert(local, param_tys.get(i).cloned().unwrap_or(Ty::Unknown));
            }
        }
        let expected = ret.map(|r| {
            if *is_async {
                unwrap_task(self.db, &r)
            } else {
                r
            }
        });
        self.frames.push(Frame {
            expected,
            returns: Vec::new(),
        });
        self.infer_stmt(*body);
        let frame = self.frames.pop()?;
        // A body of type `void` (`() => action()`) has no inferred return type (C# §12.6.3.13): it
        // fixes no type argument, and `Func<.., TResult>` does not take it; it is typed `void`, which
        // converts to nothing (an unknown body gives `None`).
        let void = Ty::known(self.db, KnownType::Void);
        let gives_void = frame.returns.contains(&void);
        let result = frame
            .returns
            .into_iter()
            .find(|t| *t != Ty::Unknown && !is_null(t) && *t != void);
        let result = match result {
            Some(result) => result,
            None if gives_void && !*is_async => return Some(void),
            None => return None,
        };
        Some(if *is_async {
            KnownType::TaskOfT.ty(self.db, vec![result])
        } else {
            result
        })
    }

    fn infer_invoke(&mut self, callee: ExprId, args: &[Arg]) -> Val {
        if let Expr::Local(local) = &self.body.exprs[callee]
            && self.body.locals[*local].kind == LocalKind::LocalFunction
        {
            let ret = self.local_fn_returns.get(*local).cloned();
            self.infer_args_unbound(args);
            return ret.map_or(Val::Unknown, Val::Value);
        }
        let callee_val = self.infer_val(callee, Access::Invoke, None);
        let group = match callee_val {
            Val::Group(group) => group,
            Val::Value(ty) => return self.delegate_invoke(callee, &ty, args),
            Val::Type(_) | Val::Unknown => {
                self.infer_args_unbound(args);
                self.unresolved(
                    callee,
                    callee_name(self.body, callee),
                    UnresolvedReason::UnknownReceiver,
                );
                return Val::Unknown;
            }
        };
        if group.name == "Invoke"
            && group.levels.is_empty()
            && let Some(receiver) = &group.receiver
            && known::delegate_shape(&self.sdb, receiver).is_some()
        {
            let receiver = receiver.clone();
            return self.delegate_invoke(callee, &receiver, args);
        }
        let infos = self.arg_infos(args);
        self.invoke_group(callee, &group, args, &infos)
    }

    /// Binds a call of a method group with arguments described by `infos` (`args` are their
    /// expressions, none for an implicit call): the group's methods level by level, the library's,
    /// then extension methods.
    fn invoke_group(
        &mut self,
        callee: ExprId,
        group: &Group,
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Val {
        let db = self.db;
        let type_args = group.type_args.clone();
        let mut ambiguous = false;
        // An override is no candidate of its own (C# §12.6.4.1): the method it overrides is, at its
        // base's level. An override of a framework method stands for it, at the framework's level:
        // after every source level, so that `Equals(node)` finds a base's `Equals(Node)` before an
        // override of `object.Equals(object)`.
        // Each level with only the members a pass considers.
        let levels_of = |keep: &dyn Fn(MemberId) -> bool| -> Vec<(usize, &Ty, Vec<MemberId>)> {
            group
                .levels
                .iter()
                .enumerate()
                .map(|(level, (ty, members))| {
                    (
                        level,
                        ty,
                        members.iter().copied().filter(|&m| keep(m)).collect(),
                    )
                })
                .collect()
        };
        let source_levels = levels_of(&|m| !is_override(db, m));
        let framework_overrides =
            levels_of(&|m| is_override(db, m) && !overrides_source_member(db, m));
        let passes: Vec<(usize, &Ty, Vec<MemberId>)> = source_levels
            .into_iter()
            .chain(framework_overrides)
            .filter(|(_, _, members)| !members.is_empty())
            .collect();
        for (level, decl_ty, members) in passes {
            let members = self.accessible(&members);
            let candidates: Vec<Candidate> = self
                .candidates(decl_ty, &members, false)
                .into_iter()
                .filter(|c| overload::fits_type_args(c, &type_args))
                .collect();
            let resolution = resolve_overloads_with(
                &self.sdb.clone(),
                &candidates,
                infos,
                &type_args,
                &mut |e, p| self.speculative_lambda(e, p),
            );
            match resolution {
                Resolution::Bound(applied) => {
                    // The receiver's type may override the chosen method: the call is to that, as
                    // far as the static type tells.
                    let CandMember::Source(chosen) = candidates[applied.index].member else {
                        continue;
                    };
                    let (decl_ty, member) = group.levels[..level]
                        .iter()
                        .find_map(|(ty, members)| {
                            members
                                .iter()
                                .find(|&&m| overrides(db, m).overridden.contains(&chosen))
                                .map(|&m| (ty, m))
                        })
                        .unwrap_or((decl_ty, chosen));
                    return self
                        .bound_call(callee, decl_ty, member, applied, &type_args, args, infos);
                }
                Resolution::Ambiguous => {
                    ambiguous = true;
                    break;
                }
                Resolution::NoneApplicable => {}
            }
        }
        // The methods a reference assembly declares on the receiver's type (or a library base of a
        // source type): instance methods beat extension methods.
        let knows_receiver = !group.library.is_empty();
        if !ambiguous && knows_receiver {
            match self.bind_library_group(callee, group, args, infos) {
                external::LibraryBinding::Bound(val) => return val,
                external::LibraryBinding::Ambiguous => ambiguous = true,
                external::LibraryBinding::NoneApplicable => {}
            }
        }
        if !ambiguous && let Some(receiver) = group.receiver.clone() {
            // Extension methods, when no instance method applies: scope by scope, innermost first,
            // the sources' and the assemblies' of that scope compete in one overload resolution,
            // and the first scope with an applicable one wins (C# §12.8.10.3), so a library's own
            // `ToLookup` beats LINQ's inside its namespace.
            for (namespaces, statics) in self.import_scopes() {
                if ambiguous {
                    break;
                }
                let members =
                    lookup::extension_methods(db, self.project, &group.name, &namespaces, &statics);
                let members = self.accessible(&members);
                let mut candidates: Vec<Candidate> = self
                    .candidates(&Ty::Unknown, &members, false)
                    .into_iter()
                    .filter(|c| overload::fits_type_args(c, &type_args))
                    .collect();
                let library = self.library_extensions(&group.name, &namespaces, &statics);
                candidates.extend(
                    library
                        .into_iter()
                        .filter(|c| overload::fits_type_args(c, &type_args)),
                );
                self.retain_receivable(&mut candidates, &receiver);
                if candidates.is_empty() {
                    continue;
                }
                let mut all = vec![ArgInfo {
                    bounds: self.arg_bounds(&receiver),
                    ..ArgInfo::implicit(ArgTy::Known(receiver.clone()), ParamModifier::None)
                }];
                all.extend(infos.iter().cloned());
                let resolution = resolve_overloads_with(
                    &self.sdb.clone(),
                    &candidates,
                    &all,
                    &type_args,
                    &mut |e, p| self.speculative_lambda(e, p),
                );
                match resolution {
                    Resolution::Bound(mut applied) => {
                        applied.arg_params.remove(0);
                        match candidates[applied.index].member {
                            CandMember::Source(member) => {
                                return self.bound_call(
                                    callee,
                                    &Ty::Unknown,
                                    member,
                                    applied,
                                    &type_args,
                                    args,
                                    infos,
                                );
                            }
                            CandMember::Library(member) => {
                                let declared: Vec<Ty> = candidates[applied.index]
                                    .params
                                    .iter()
                                    .skip(1)
                                    .map(|p| p.ty.clone())
                                    .collect();
                                return self.bound_library_call(
                                    callee,
                                    &Ty::Unknown,
                                    member,
                                    declared,
                                    applied,
                                    &type_args,
                                    args,
                                    infos,
                                );
                            }
                        }
                    }
                    Resolution::Ambiguous => ambiguous = true,
                    Resolution::NoneApplicable => {}
                }
            }
        }
        if ambiguous {
            self.infer_args_unbound_after(args);
            self.unresolved(callee, group.name.clone(), UnresolvedReason::Ambiguous);
            return Val::Unknown;
        }
        // A method of a type outside the sources that no overload or extension method fitted.
        let owner = group.external.clone().or_else(|| {
            group
                .receiver
                .clone()
                .filter(|r| !matches!(r, Ty::Source(..)))
        });
        if let Some(owner) = owner {
            self.infer_args_unbound_after(args);
            let library_knows = self.libraries().type_of(db, &owner).is_some();
            if library_knows
                && !crate::library::library_members(db, &self.libraries(), &owner, &group.name)
                    .is_empty()
            {
                // The assemblies declare methods of this name there, but none the binder could
                // match to the arguments: a call out of the sources all the same.
                self.site(
                    callee,
                    Callee::External(known::external_name(db, &owner, &group.name)),
                    CallKind::Call,
                );
            } else {
                let reason = if library_knows && !self.extension_may_be_missing(group) {
                    UnresolvedReason::NotFound
                } else {
                    UnresolvedReason::MissingMetadata
                };
                self.unresolved(callee, group.name.clone(), reason);
            }
            return Val::Unknown;
        }
        self.infer_args_unbound_after(args);
        let reason =
            if group.levels.is_empty() && group.receiver.is_none() && group.library.is_empty() {
                UnresolvedReason::UnknownReceiver
            } else if self.extension_may_be_missing(group) {
                UnresolvedReason::MissingMetadata
            } else {
                UnresolvedReason::NotFound
            };
        self.unresolved(callee, group.name.clone(), reason);
        Val::Unknown
    }

    /// Extension methods whose `this` parameter a type-parameter receiver converts to: one of its
    /// bounds (or `object`) does (§12.8.10.3 asks for an identity, reference or boxing conversion).
    /// Conversions from a `T` are otherwise unknown to [`overload::conv`], which has no bounds.
    fn retain_receivable(&self, candidates: &mut Vec<Candidate>, receiver: &Ty) {
        let Ty::TypeParam(param) = receiver else {
            return;
        };
        let mut bounds = type_param_bounds(self.db, self.member, param);
        bounds.push(Ty::object(self.db));
        candidates.retain(|c| {
            c.params.first().is_some_and(|this| {
                matches!(this.ty, Ty::TypeParam(_))
                    || bounds
                        .iter()
                        .any(|b| overload::conv(&self.sdb, b, &this.ty) != overload::Conv::No)
            })
        });
    }

    /// An instance call no member or extension method fits, in a file that imports a namespace
    /// neither the sources nor the loaded assemblies declare (`using Shouldly;` without the package):
    /// the extension method may well be there, so the site is not "not found".
    fn extension_may_be_missing(&mut self, group: &Group) -> bool {
        if group.receiver.is_none() {
            return false;
        }
        let (namespaces, _) = self.imports();
        let index = crate::library::library_index(self.db);
        namespaces.iter().any(|ns| {
            !ns.is_empty() && !index.has_namespace(ns) && !self.resolver.namespace_exists(ns)
        })
    }

    /// Like [`Ctx::infer_args_unbound`] for arguments whose non-lambda parts were already inferred.
    fn infer_args_unbound_after(&mut self, args: &[Arg]) {
        for arg in args {
            if matches!(self.body.exprs[arg.expr], Expr::Lambda { .. }) {
                self.infer_lambda(arg.expr, &[], None);
            }
            self.finish_group_arg(arg.expr, None);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn bound_call(
        &mut self,
        site: ExprId,
        decl_ty: &Ty,
        member: MemberId,
        applied: overload::Applied,
        type_args: &[Ty],
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Val {
        let db = self.db;
        let is_ctor = matches!(
            member_ref(db, member).map(|d| d.kind),
            Some(MemberKind::Constructor)
        );
        let kind = if is_ctor {
            CallKind::Ctor
        } else {
            CallKind::Call
        };
        self.site(site, Callee::Member(member), kind);
        let decl_args = match decl_ty {
            Ty::Source(_, a) => a.clone(),
            _ => Vec::new(),
        };
        let is_ext = matches!(decl_ty, Ty::Unknown);
        let declared: Vec<Ty> = member_signature(db, member)
            .params
            .iter()
            .skip(usize::from(is_ext))
            .map(|(t, _)| t.substitute(&decl_args))
            .collect();
        let ret = if is_ctor {
            decl_ty.clone()
        } else {
            member_signature(db, member)
                .ty
                .clone()
                .unwrap_or(Ty::Unknown)
        };
        let ret = Returned {
            ty: ret,
            decl_args: &decl_args,
            is_ctor,
        };
        self.finish_bound(applied, type_args, args, infos, &declared, ret)
    }

    /// Types a bound call's arguments (lambdas fill the method's type arguments) and gives its
    /// result. `declared` are the parameter types before method type inference.
    fn finish_bound(
        &mut self,
        applied: overload::Applied,
        type_args: &[Ty],
        args: &[Arg],
        infos: &[ArgInfo],
        declared: &[Ty],
        ret: Returned<'_>,
    ) -> Val {
        let mut method_args = if type_args.is_empty() {
            applied.method_args.clone()
        } else {
            type_args.to_vec()
        };
        // Map each argument to its parameter type as the overload resolution did.
        let unsubstituted: Vec<Ty> = applied
            .arg_params
            .iter()
            .enumerate()
            .map(|(i, resolved)| {
                if has_method_param(resolved) {
                    resolved.clone()
                } else {
                    declared.get(i).cloned().unwrap_or_else(|| resolved.clone())
                }
            })
            .collect();
        let param_tys: Vec<Ty> = unsubstituted
            .iter()
            .zip(&applied.arg_params)
            .map(|(u, a)| {
                if has_method_param(u) {
                    u.clone()
                } else {
                    a.clone()
                }
            })
            .collect();
        self.finish_args(args, infos, &param_tys, &mut method_args);
        if args.is_empty() && !infos.is_empty() {
            self.implicit_call_params = Some(
                param_tys
                    .iter()
                    .map(|p| p.substitute_method(&method_args))
                    .collect(),
            );
        }
        if ret.is_ctor {
            return Val::Value(ret.ty);
        }
        // The callee's own type parameters first: the declaring type's arguments may hold the
        // caller's method type parameters (`db.Collection<T>(n)` inside `M<T>`), which stay.
        // A type argument inference did not find leaves the result unknown; the substituted
        // arguments may themselves be the caller's type parameters, which is fine.
        let uninferred = (0..method_args.len() as u32).any(|i| {
            method_args[i as usize] == Ty::Unknown && overload::mentions_method_param(&ret.ty, i)
        });
        if uninferred {
            return Val::Value(Ty::Unknown);
        }
        Val::Value(
            ret.ty
                .substitute_method(&method_args)
                .substitute(ret.decl_args),
        )
    }

    fn delegate_invoke(&mut self, site: ExprId, ty: &Ty, args: &[Arg]) -> Val {
        let db = self.db;
        let Some((params, ret)) = known::delegate_shape(&self.sdb, ty) else {
            self.infer_args_unbound(args);
            if *ty != Ty::Unknown {
                self.unresolved(
                    site,
                    callee_name(self.body, site),
                    UnresolvedReason::NotFound,
                );
            } else {
                self.unresolved(
                    site,
                    callee_name(self.body, site),
                    UnresolvedReason::UnknownReceiver,
                );
            }
            return Val::Unknown;
        };
        let callee = match ty {
            Ty::Source(id, _) => match own_members(db, *id, "Invoke").first() {
                Some(&invoke) => Callee::Member(invoke),
                None => Callee::External(known::external_name(db, ty, "Invoke")),
            },
            other => Callee::External(known::external_name(db, other, "Invoke")),
        };
        self.site(site, callee, CallKind::DelegateInvoke);
        let infos = self.arg_infos(args);
        self.finish_args(args, &infos, &params, &mut []);
        Val::Value(ret)
    }

    /// A constructor of a type outside the sources no assembly binds (or a delegate's), by name.
    fn external_ctor_site(&mut self, site: ExprId, ty: &Ty) {
        if let Some((name, _)) = ty.written_name(self.db) {
            let callee = Callee::External(SmolStr::new(format!("{name}.#ctor")));
            self.site(site, callee, CallKind::Ctor);
        }
    }

    fn bind_ctor(&mut self, site: ExprId, ty: &Ty, args: &[Arg]) {
        let db = self.db;
        // `new Func<Ctx, object>(ctx => ctx.Instance)`: a delegate creation converts its one
        // argument, a lambda or method group, to the delegate type (§12.8.17.6); no constructor
        // of the delegate's takes it as written.
        if let [arg] = args
            && known::delegate_shape(&self.sdb, ty).is_some()
        {
            self.infer_expr(arg.expr, Some(ty));
            self.external_ctor_site(site, ty);
            return;
        }
        let Ty::Source(id, _) = ty else {
            let infos = self.arg_infos(args);
            if self.bind_library_ctor(site, ty, args, &infos) {
                return;
            }
            self.finish_args(args, &infos, &[], &mut []);
            self.external_ctor_site(site, ty);
            return;
        };
        let ctors = own_members(db, *id, CTOR);
        let kind = type_kind(db, *id);
        let infos = self.arg_infos(args);
        // Every class has a constructor (an implied default one when it declares none), so none here
        // means a static class: nothing to bind.
        if ctors.is_empty() {
            self.finish_args(args, &infos, &[], &mut []);
            return;
        }
        let is_struct = matches!(kind, TypeKind::Struct | TypeKind::RecordStruct);
        let ctors = if is_struct && args.is_empty() {
            // `new S()` zero-initializes, unless the struct declares a parameterless constructor
            // (C# 10); one whose parameters are all optional is not called.
            let parameterless: Vec<MemberId> = ctors
                .into_iter()
                .filter(|&c| member_ref(db, c).is_some_and(|d| d.params.is_empty()))
                .collect();
            if parameterless.is_empty() {
                return;
            }
            parameterless
        } else {
            ctors
        };
        let ctors = self.accessible(&ctors);
        let candidates = self.candidates(ty, &ctors, false);
        match resolve_overloads(&self.sdb, &candidates, &infos, &[]) {
            Resolution::Bound(applied) => {
                let CandMember::Source(member) = candidates[applied.index].member else {
                    return;
                };
                self.site(site, Callee::Member(member), CallKind::Ctor);
                let params = applied.arg_params.clone();
                self.finish_args(args, &infos, &params, &mut []);
            }
            Resolution::Ambiguous => {
                self.infer_args_unbound_after(args);
                self.unresolved(site, type_name(db, *id), UnresolvedReason::Ambiguous);
            }
            Resolution::NoneApplicable => {
                self.infer_args_unbound_after(args);
                self.unresolved(site, type_name(db, *id), UnresolvedReason::NotFound);
            }
        }
    }

    fn infer_new(&mut self, expr: ExprId, ty: &Ty, args: &[Arg], initializer: &[ExprId]) {
        let db = self.db;
        match ty {
            Ty::Source(id, _) if type_kind(db, *id) == TypeKind::Delegate => {
                // `new Handler(Method)`: a method-group reference.
                let expected = ty.clone();
                for arg in args {
                    self.infer_expr(arg.expr, Some(&expected));
                }
            }
            Ty::Unknown | Ty::TypeParam(_) => self.infer_args_unbound(args),
            _ => self.bind_ctor(expr, ty, args),
        }
        self.infer_initializer(ty, initializer);
    }

    /// The items of an object or collection initializer, applied to an object of type `ty`.
    fn infer_initializer(&mut self, ty: &Ty, items: &[ExprId]) {
        self.implicit_receivers.push(ty.clone());
        for &item in items {
            match &self.body.exprs[item] {
                Expr::InitMember { name, value } => {
                    let nested = match &self.body.exprs[*value] {
                        Expr::NestedInitializer(inner) => Some(inner),
                        _ => None,
                    };
                    // A nested initializer reads the member and fills what it holds.
                    let access = if nested.is_some() {
                        Access::Read
                    } else {
                        Access::Write
                    };
                    let member_ty = match self.member_of(
                        item,
                        Val::Value(ty.clone()),
                        name,
                        Vec::new(),
                        access,
                    ) {
                        Val::Value(t) => Some(t),
                        _ => None,
                    };
                    if let Some(inner) = nested {
                        self.infer_initializer(&member_ty.unwrap_or(Ty::Unknown), inner);
                        continue;
                    }
                    let value_ty = self.infer_expr(*value, member_ty.as_ref());
                    if let Some(member_ty) = member_ty {
                        self.coerce(*value, &value_ty, &member_ty);
                    }
                }
                _ => {
                    self.infer_expr(item, None);
                }
            }
        }
        self.implicit_receivers.pop();
    }

    fn infer_index(&mut self, expr: ExprId, receiver: ExprId, args: &[Arg], access: Access) -> Val {
        let db = self.db;
        let receiver_ty = self.infer_expr(receiver, None);
        let receiver_ty = match receiver_ty {
            Ty::Nullable(inner) => *inner,
            other => other,
        };
        match &receiver_ty {
            Ty::Array(elem, _) => {
                let elem = (**elem).clone();
                self.infer_args_unbound(args);
                Val::Value(elem)
            }
            Ty::Source(..) => {
                let found = lookup_members(&self.sdb, &receiver_ty, "this");
                let infos = self.arg_infos(args);
                for (decl_ty, members) in &found.groups {
                    let members = self.accessible(members);
                    let candidates = self.candidates(decl_ty, &members, false);
                    match resolve_overloads(&self.sdb, &candidates, &infos, &[]) {
                        Resolution::Bound(applied) => {
                            let CandMember::Source(member) = candidates[applied.index].member
                            else {
                                continue;
                            };
                            self.accessor_sites(expr, Callee::Member(member), access);
                            let params = applied.arg_params.clone();
                            self.finish_args(args, &infos, &params, &mut []);
                            return Val::Value(declared_type(db, member, decl_ty));
                        }
                        Resolution::Ambiguous => {
                            self.unresolved(
                                expr,
                                SmolStr::new_static("this[]"),
                                UnresolvedReason::Ambiguous,
                            );
                            return Val::Unknown;
                        }
                        Resolution::NoneApplicable => {}
                    }
                }
                if found.groups.is_empty() {
                    // Indexers of framework base types (`List<T>` subclasses).
                    if let Some(from) = &found.external
                        && let Some(ty) = self.library_element(from, args)
                    {
                        return Val::Value(ty);
                    }
                    self.infer_args_unbound(args);
                    return Val::Unknown;
                }
                self.unresolved(
                    expr,
                    SmolStr::new_static("this[]"),
                    UnresolvedReason::NotFound,
                );
                Val::Unknown
            }
            other => {
                if let Some(ty) = self.library_element(other, args) {
                    return Val::Value(ty);
                }
                self.infer_args_unbound(args);
                Val::Unknown
            }
        }
    }

    /// Assigns a value of type `value` to the elements of a deconstruction (C# §12.21.2): each
    /// declared variable takes its element's type, each assigned expression is written (a
    /// property's setter, a user-defined conversion), nested deconstructions recurse.
    fn deconstruct(&mut self, target: ExprId, value: &Ty) {
        let Expr::Deconstruction(elements) = &self.body.exprs[target] else {
            return;
        };
        let tys = self.deconstructed(target, value, elements.len());
        for (&element, ty) in elements.iter().zip(tys) {
            match &self.body.exprs[element] {
                Expr::Deconstruction(_) => self.deconstruct(element, &ty),
                Expr::Missing => {}
                Expr::Declaration(local) if self.body.locals[*local].ty.is_none() => {
                    self.local_tys.insert(*local, ty);
                }
                _ => {
                    let to = match self.infer_val(element, Access::Write, None) {
                        Val::Value(t) => t,
                        _ => Ty::Unknown,
                    };
                    self.coerce(element, &ty, &to);
                }
            }
        }
    }

    /// The element types a value is deconstructed into, `arity` of them: a tuple's elements, else
    /// the `out` parameters of the `Deconstruct` method (instance, else extension, from the sources
    /// or an assembly) that overload resolution picks for `arity` untyped `out` arguments, its call
    /// reported at `site`. Unknown when no such method is found (the site is unresolved).
    fn deconstructed(&mut self, site: ExprId, value: &Ty, arity: usize) -> Vec<Ty> {
        if let Ty::Tuple(elements) = value
            && elements.len() == arity
        {
            return elements.clone();
        }
        let unknown = vec![Ty::Unknown; arity];
        let name = SmolStr::new_static("Deconstruct");
        let receiver = match value {
            Ty::Nullable(inner) if !overload::is_value_type(&self.sdb, inner) => (**inner).clone(),
            other => other.clone(),
        };
        let Val::Group(group) = self.member_of(
            site,
            Val::Value(receiver),
            &name,
            Vec::new(),
            Access::Invoke,
        ) else {
            return unknown;
        };
        let outs = vec![ArgInfo::implicit(ArgTy::Unknown, ParamModifier::Out); arity];
        self.implicit_call_params = None;
        self.invoke_group(site, &group, &[], &outs);
        self.implicit_call_params.take().unwrap_or(unknown)
    }

    fn infer_assign(&mut self, expr: ExprId, op: AssignOp, lhs: ExprId, rhs: ExprId) -> Ty {
        if matches!(self.body.exprs[lhs], Expr::Deconstruction(_)) {
            let value = self.infer_expr(rhs, None);
            self.deconstruct(lhs, &value);
            return value;
        }
        let access = match op {
            AssignOp::Plain => Access::Write,
            AssignOp::Add => Access::Add,
            AssignOp::Sub => Access::Remove,
            AssignOp::Other => Access::ReadWrite,
        };
        let lhs_ty = match self.infer_val(lhs, access, None) {
            Val::Value(t) => t,
            _ => Ty::Unknown,
        };
        let rhs_ty = self.infer_expr(rhs, Some(&lhs_ty).filter(|t| **t != Ty::Unknown));
        match op {
            AssignOp::Plain => self.coerce(rhs, &rhs_ty, &lhs_ty),
            AssignOp::Add | AssignOp::Sub
                if known::delegate_shape(&self.sdb, &lhs_ty).is_none() =>
            {
                let name = if op == AssignOp::Add {
                    "op_Addition"
                } else {
                    "op_Subtraction"
                };
                self.user_operator(expr, name, &[lhs_ty.clone(), rhs_ty]);
            }
            _ => {}
        }
        lhs_ty
    }

    fn infer_binary(
        &mut self,
        expr: ExprId,
        op: &str,
        lhs: ExprId,
        rhs: ExprId,
        expected: Option<&Ty>,
    ) -> Ty {
        let l = self.infer_expr(lhs, if op == "??" { expected } else { None });
        let r = self.infer_expr(
            rhs,
            if op == "??" {
                Some(&l).filter(|t| **t != Ty::Unknown)
            } else {
                None
            },
        );
        let db = self.db;
        let bool_ = Ty::known(db, KnownType::Boolean);
        let name = match op {
            "&&" | "||" => return bool_,
            "??" => {
                return match l {
                    Ty::Nullable(inner) => *inner,
                    Ty::Unknown => r,
                    other => other,
                };
            }
            _ => match operator_name(op, 2) {
                Some(name) => name,
                None => return Ty::Unknown,
            },
        };
        if let Some(ret) = self.user_operator(expr, name, &[l.clone(), r.clone()]) {
            return ret;
        }
        match op {
            "==" | "!=" | "<" | ">" | "<=" | ">=" => bool_,
            "+" if is_string(db, &l) || is_string(db, &r) => {
                // String concatenation takes `string` over `object` as the better conversion
                // target (C# §12.6.4.5), so an operand with an implicit conversion to `string`
                // is converted by it.
                let string = Ty::known(db, KnownType::String);
                for (operand, ty) in [(lhs, &l), (rhs, &r)] {
                    if !is_string(db, ty) {
                        self.coerce(operand, ty, &string);
                    }
                }
                string
            }
            _ => numeric_result(db, &l, &r),
        }
    }

    /// A user-defined operator of the operands' source types, recorded as a call when it applies.
    fn user_operator(&mut self, expr: ExprId, name: &str, operands: &[Ty]) -> Option<Ty> {
        let db = self.db;
        let mut seen: Vec<TypeId> = Vec::new();
        let mut members: Vec<(Ty, MemberId)> = Vec::new();
        for ty in operands {
            let ty = match ty {
                Ty::Nullable(inner) => inner,
                t => t,
            };
            let Ty::Source(id, _) = ty else { continue };
            if seen.contains(id) {
                continue;
            }
            seen.push(*id);
            for (decl_ty, found) in lookup_members(&self.sdb, ty, name).groups {
                members.extend(found.into_iter().map(|m| (decl_ty.clone(), m)));
            }
        }
        if members.is_empty() {
            return None;
        }
        let infos: Vec<ArgInfo> = operands
            .iter()
            .map(|t| {
                let ty = if *t == Ty::Unknown {
                    ArgTy::Unknown
                } else {
                    ArgTy::Known(t.clone())
                };
                ArgInfo::implicit(ty, ParamModifier::None)
            })
            .collect();
        let candidates: Vec<Candidate> = members
            .iter()
            .flat_map(|(decl_ty, m)| self.candidates(decl_ty, &[*m], false))
            .collect();
        match resolve_overloads(&self.sdb, &candidates, &infos, &[]) {
            Resolution::Bound(applied) => {
                let CandMember::Source(member) = candidates[applied.index].member else {
                    return None;
                };
                self.site(expr, Callee::Member(member), CallKind::Operator);
                member_signature(db, member).ty.clone()
            }
            Resolution::Ambiguous => {
                self.unresolved(expr, SmolStr::new(name), UnresolvedReason::Ambiguous);
                None
            }
            Resolution::NoneApplicable => None,
        }
    }

    /// An implicit user-defined conversion from `from` to `to`, recorded as an operator call.
    fn coerce(&mut self, expr: ExprId, from: &Ty, to: &Ty) {
        if *from == Ty::Unknown
            || *to == Ty::Unknown
            || conv(&self.sdb, from, to) >= overload::Conv::Unknown
        {
            return;
        }
        self.conversion_operator(expr, from, to, false);
    }

    fn conversion_operator(&mut self, expr: ExprId, from: &Ty, to: &Ty, explicit: bool) {
        if from == to || *from == Ty::Unknown {
            return;
        }
        if let Some(op) = overload::user_conversion(&self.sdb, from, to, explicit) {
            self.site(expr, Callee::Member(op), CallKind::Operator);
        }
    }
}

/// A member's return (or property) type as seen through the constructed type that declares it.
fn declared_type(db: &dyn Db, member: MemberId, decl_ty: &Ty) -> Ty {
    let decl_args = match decl_ty {
        Ty::Source(_, a) => a.as_slice(),
        _ => &[],
    };
    member_signature(db, member)
        .ty
        .clone()
        .unwrap_or(Ty::Unknown)
        .substitute(decl_args)
}

/// The element type of `new[] { .. }` (C# §12.6.3.15): of the elements' types, the one all the
/// others convert to; `null` elements have none.
fn best_common_type(sdb: &crate::library::ScopedDb<'_>, tys: &[Ty]) -> Ty {
    let typed: Vec<&Ty> = tys
        .iter()
        .filter(|t| **t != Ty::Unknown && !is_null(t))
        .collect();
    typed
        .iter()
        .find(|candidate| {
            typed
                .iter()
                .all(|t| conv(sdb, t, candidate) >= overload::Conv::Implicit)
        })
        .map_or(Ty::Unknown, |t| (*t).clone())
}

fn is_override(db: &dyn Db, member: MemberId) -> bool {
    member_ref(db, member).is_some_and(|d| d.modifiers.contains(Modifiers::OVERRIDE))
}

/// Whether `member` is an `override` of a method of the sources.
fn overrides_source_member(db: &dyn Db, member: MemberId) -> bool {
    is_override(db, member) && !overrides(db, member).overridden.is_empty()
}

fn has_method_param(ty: &Ty) -> bool {
    ty.any_part(&|t| matches!(t, Ty::TypeParam(p) if p.of_method))
}

fn callee_name(body: &Body, expr: ExprId) -> SmolStr {
    match &body.exprs[expr] {
        Expr::Name { name, .. } | Expr::Member { name, .. } => name.clone(),
        Expr::Local(local) => body.locals[*local].name.clone(),
        _ => SmolStr::default(),
    }
}

fn literal_ty(db: &dyn Db, lit: Literal) -> Ty {
    use KnownType::*;
    Ty::known(
        db,
        match lit {
            Literal::Int(v) if v <= i32::MAX as u64 => Int32,
            Literal::Int(v) if v <= u32::MAX as u64 => UInt32,
            Literal::Int(v) if v <= i64::MAX as u64 => Int64,
            Literal::Int(_) => UInt64,
            Literal::Long => Int64,
            Literal::UInt => UInt32,
            Literal::ULong => UInt64,
            Literal::Double => Double,
            Literal::Float => Single,
            Literal::Decimal => Decimal,
            Literal::Bool => Boolean,
            Literal::Char => Char,
            Literal::String => String,
            Literal::Null => return null_ty(),
        },
    )
}

fn is_string(db: &dyn Db, ty: &Ty) -> bool {
    ty.is_known(db, KnownType::String)
}

/// The type of a built-in arithmetic operation (binary numeric promotion).
fn numeric_result(db: &dyn Db, l: &Ty, r: &Ty) -> Ty {
    use KnownType::*;
    const ORDER: [KnownType; 7] = [Decimal, Double, Single, UInt64, Int64, UInt32, Int32];
    let rank = |t: &Ty| {
        t.which_known(db, &ORDER)
            .and_then(|k| ORDER.iter().position(|o| *o == k))
    };
    match (rank(l), rank(r)) {
        (Some(a), Some(b)) => Ty::known(db, ORDER[a.min(b)]),
        (Some(_), None) | (None, None) => {
            if l.which_known(db, &[Int16, UInt16, Byte, SByte, Char])
                .is_some()
            {
                Ty::known(db, Int32)
            } else {
                l.clone()
            }
        }
        (None, Some(_)) => r.clone(),
    }
}
