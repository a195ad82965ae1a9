//! Conversions that decide which overload applies and which is better: between two constructions of
//! one generic type (variance, C# §18.2.3.3), from a type parameter (§10.2.12), and user-defined
//! conversions competing with standard ones (§12.6.4.5), and method groups to delegate types (§10.8).

use expect_test::expect;

use super::check_outgoing;

#[test]
fn covariant_arguments_convert_by_reference_conversions_only() {
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public interface IModule { }
    public class Module : IModule { }
    public interface IKernel
    {
        void Load(IEnumerable<IModule> modules);
        void Load(IEnumerable<string> patterns);
        void Count(IEnumerable<object> items);
        void Count(IEnumerable<int> numbers);
        void Fill(IList<IModule> modules);
        void Fill(IEnumerable<Module> modules);
    }
    public class C
    {
        public static void M$0(IKernel k, IModule[] array, List<Module> list, List<int> numbers, string[] names)
        {
            k.Load(array);
            k.Load(list);
            k.Load(names);
            k.Count(list);
            k.Count(numbers);
            k.Fill(list);
        }
    }
}
"#,
        expect![[r#"
            M:N.IKernel.Load(System.Collections.Generic.IEnumerable{N.IModule}) [Call, Call]
            M:N.IKernel.Load(System.Collections.Generic.IEnumerable{System.String}) [Call]
            M:N.IKernel.Count(System.Collections.Generic.IEnumerable{System.Object}) [Call]
            M:N.IKernel.Count(System.Collections.Generic.IEnumerable{System.Int32}) [Call]
            M:N.IKernel.Fill(System.Collections.Generic.IEnumerable{N.Module}) [Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn variance_goes_through_a_type_parameter_only_when_it_is_a_reference_type() {
    // Roslyn (oracle): an unconstrained `TValue` has no reference conversion to `object`, so
    // `Func<int, string, TValue>` is no `Func<int, string, object>` and the call takes `object`
    // (Ninject's WithConstructorArgument), as for a `struct` one or one constrained by interfaces
    // only; `where TValue : class`, a class constraint, or a type parameter that has one makes the
    // variance conversion, and the more specific delegate overload.
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Base { }
    public class B<T>
    {
        public void W(Type type, object value) { }
        public void W(Type type, Func<int, string, object> callback) { }
        public void M$0<TValue, TClass, TBase, TStruct, TFace, TDerived>(
            Func<int, string, TValue> plain,
            Func<int, string, TClass> reference,
            Func<int, string, TBase> derived,
            Func<int, string, TStruct> value,
            Func<int, string, T> outer,
            Func<int, string, TFace> face,
            Func<int, string, TDerived> through)
            where TClass : class
            where TBase : Base
            where TStruct : struct
            where TFace : IComparable, IDisposable
            where TDerived : TBase
        {
            W(typeof(TValue), plain);
            W(typeof(TClass), reference);
            W(typeof(TBase), derived);
            W(typeof(TStruct), value);
            W(typeof(T), outer);
            W(typeof(TFace), face);
            W(typeof(TDerived), through);
        }
    }
}
"#,
        expect![[r#"
            M:N.B`1.W(System.Type,System.Object) [Call, Call, Call, Call]
            M:N.B`1.W(System.Type,System.Func{System.Int32,System.String,System.Object}) [Call, Call, Call]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn contravariant_and_source_declared_variance() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Animal { }
    public class Cat : Animal { }
    public interface IHandler<in T> { }
    public interface ISource<out T> { }
    public interface IBox<T> { }
    public static class Run
    {
        public static void Handle(IHandler<Cat> h) { }
        public static void Handle(IHandler<string> h) { }
        public static void Read(ISource<Animal> s) { }
        public static void Read(ISource<string> s) { }
        public static void Keep(IBox<Animal> b) { }
        public static void Keep(IBox<Cat> b) { }
        public static void Act(Action<Cat> a) { }
        public static void Act(Action<string> a) { }
        public static void M$0(IHandler<Animal> h, ISource<Cat> s, IBox<Cat> b, Action<Animal> a)
        {
            Handle(h);
            Read(s);
            Keep(b);
            Act(a);
        }
    }
}
"#,
        expect![[r#"
            M:N.Run.Handle(N.IHandler{N.Cat}) [Call]
            M:N.Run.Read(N.ISource{N.Animal}) [Call]
            M:N.Run.Keep(N.IBox{N.Cat}) [Call]
            M:N.Run.Act(System.Action{N.Cat}) [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn a_type_parameter_argument_converts_through_its_constraints() {
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public interface IModule { }
    public interface IKernel
    {
        void Load(IEnumerable<IModule> modules);
        void Load(IEnumerable<string> patterns);
    }
    public static class Extensions
    {
        public static void Load$0<TModule>(this IKernel kernel) where TModule : IModule, new()
        {
            kernel.Load(new TModule());
        }
        public static void Load(this IKernel kernel, params IModule[] modules) { kernel.Load(modules); }
        public static void Load(this IKernel kernel, params string[] patterns) { kernel.Load(patterns); }
    }
}
"#,
        expect![[r#"
            M:N.Extensions.Load(N.IKernel,N.IModule[]) [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_type_parameter_converts_to_object_and_its_bounds_only() {
    check_outgoing(
        r#"
namespace N
{
    public interface IModule { }
    public static class Text
    {
        public static string Show$0<T, M>(T value, M module) where M : IModule
            => System.Convert.ToString(value, null) + Pick(module) + Pick(value);
        public static string Pick(IModule m) => null;
        public static string Pick(string s) => null;
        public static string Pick(object o) => null;
    }
}
"#,
        expect![[r#"
            external System.Convert.ToString [Call]
            M:N.Text.Pick(N.IModule) [Call]
            M:N.Text.Pick(System.Object) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn a_user_defined_conversion_competes_by_its_target() {
    check_outgoing(
        r#"
namespace N
{
    public class HelpText
    {
        public static implicit operator string(HelpText h) => null;
    }
    public class Writer
    {
        public void Write(object o) { }
        public void Write(string s) { }
    }
    public class C
    {
        void M$0(Writer w, HelpText h) => w.Write(h);
    }
}
"#,
        expect![[r#"
            M:N.Writer.Write(System.String) [Call]
            M:N.HelpText.op_Implicit(N.HelpText)~System.String [Operator]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_method_group_converts_to_the_delegates_its_methods_take() {
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
namespace N
{
    public class Token
    {
        public static Token Value(string text) => null;
        public static Token Value(string text, bool explicitlyAssigned) => null;
    }
    public class C
    {
        IEnumerable<Token> M$0(IEnumerable<string> words) => words.Select(Token.Value);
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Select [Call]
            M:N.Token.Value(System.String) [MethodGroup]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_type_parameter_only_a_lambdas_parameters_mention_is_never_inferred() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public interface IResponse { }
    public interface IResponse<T> : IResponse { }
    public class Handle { }
    public class Client
    {
        public Handle Run(string request, Action<IResponse, Handle> callback) => null;
        public Handle Run<T>(string request, Action<IResponse<T>, Handle> callback) => null;
        public Handle Run$0<T>(string request, Action<IResponse<T>, Handle> callback, int unused)
            => Run(request, (response, handle) => Deserialize(callback, response, handle));
        void Deserialize<T>(Action<IResponse<T>, Handle> callback, IResponse response, Handle handle) { }
    }
}
"#,
        expect![[r#"
            M:N.Client.Run(System.String,System.Action{N.IResponse,N.Handle}) [Call]
            M:N.Client.Deserialize``1(System.Action{N.IResponse{``0},N.Handle},N.IResponse,N.Handle) [Call]
            coverage 2/2/0/0
        "#]],
    );
}
